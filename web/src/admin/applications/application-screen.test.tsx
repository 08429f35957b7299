// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JHS_REJECT_REASONS } from '@puribox/contract/admin-applications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import adminApplications from '../../locales/ja/adminApplications.json'
import { renderConsole } from '../testing/render-console'
import {
  APPLICATION_ID,
  APPLICATIONS_API,
  adminApplication,
  answer,
  maskedApplication,
  picture,
  refusal,
  stubApplicationsApi,
} from './testing/application-fixtures'

const PAGE = `/admin/applications/${APPLICATION_ID}`
const APPLICATION = `GET ${APPLICATIONS_API}/${APPLICATION_ID}`
const CERTIFICATE = (slot: string) => `GET ${APPLICATIONS_API}/${APPLICATION_ID}/certificates/${slot}`

const region = (name: string) => screen.getByRole('region', { name })
const facts = () => region('申込者')

beforeEach(() => {
  // The tests' DOM makes no object URLs: each picture gets one by its order.
  let made = 0
  Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:picture-${++made}`),
    revokeObjectURL: vi.fn(),
  })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("an application's page", () => {
  it('shows support who applied, the end its premium would have, the pictures to open and the review', async () => {
    stubApplicationsApi({ [APPLICATION]: answer(adminApplication()) })
    renderConsole(PAGE)
    await screen.findByRole('heading', { name: '山田 花子', level: 1 })
    expect(document.title).toBe('山田 花子 | PuriBox 管理')
    expect(screen.getByRole('link', { name: '中学生無料プレミアムの申し込み' }).getAttribute('href')).toBe(
      '/admin/applications',
    )
    const text = facts().textContent
    expect(text).toContain('状態審査待ち')
    expect(text).toContain('生年月日2013年5月1日')
    expect(text).toContain('学年（申し込んだ日）中学2年生')
    expect(text).toContain('結果を送るメールアドレスhanako@example.jp')
    expect(text).toContain('本人確認書類の種類マイナンバーカード（表面）')
    expect(text).toContain('申し込み日時2026/11/18 10:00')
    expect(text).toContain('無料プレミアムの期限承認すると2028年3月31日まで')
    // Four pictures, none fetched until asked for; the page says each opening is recorded.
    const pictures = region('書類の画像')
    expect(
      within(pictures)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual([
      '本人確認書類（マイナンバーカード（表面））',
      '健康保険証（資格確認書）',
      '生徒手帳か学生証（表）',
      '生徒手帳か学生証（裏）',
    ])
    expect(pictures.textContent).toContain('JPEG・1.1MB')
    expect(pictures.textContent).toContain('PNG・391KB')
    expect(pictures.textContent).toContain(
      '画像を表示するたびに、表示した人・日時・画像の種類が監査ログに記録されます。',
    )
    expect(within(pictures).getAllByRole('button', { name: /の画像を表示$/ })).toHaveLength(4)
    // The review is offered.
    expect(screen.getByRole('button', { name: '承認する' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '不承認にする' })).toBeTruthy()
    const audit = screen.getAllByRole('link', { name: 'この申し込みの監査ログを見る' })
    expect(audit[0]?.getAttribute('href')).toBe(
      `/admin/audit?targetKind=school-application&targetId=${APPLICATION_ID}`,
    )
  })

  it('fetches a picture only when asked, once, shows it, and lets it go when closed', async () => {
    const calls = stubApplicationsApi({
      [APPLICATION]: answer(adminApplication()),
      [CERTIFICATE('insurance')]: picture('image/png'),
    })
    renderConsole(PAGE)
    const pictures = await screen.findByRole('region', { name: '書類の画像' })
    expect(calls.filter((call) => call.key.includes('/certificates/'))).toEqual([])
    fireEvent.click(within(pictures).getByRole('button', { name: '健康保険証（資格確認書）の画像を表示' }))
    const image = await within(pictures).findByRole('img', { name: '健康保険証（資格確認書）の画像' })
    expect(image.getAttribute('src')).toMatch(/^blob:picture-/)
    expect(within(pictures).getByRole('link', { name: 'ファイルを保存' }).getAttribute('download')).toBe(
      `${APPLICATION_ID}-insurance.png`,
    )
    // One request: one viewing in the audit log.
    expect(calls.filter((call) => call.key.includes('/certificates/')).map((call) => call.key)).toEqual([
      CERTIFICATE('insurance'),
    ])
    fireEvent.click(within(pictures).getByRole('button', { name: '画像を閉じる' }))
    await waitFor(() => expect(within(pictures).queryByRole('img')).toBeNull())
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(image.getAttribute('src'))
  })

  it('says plainly why a picture did not come', async () => {
    stubApplicationsApi({
      [APPLICATION]: answer(adminApplication()),
      [CERTIFICATE('kind')]: refusal('JHS_CERTIFICATE_DELETED', 410),
      [CERTIFICATE('schoolBack')]: refusal('FORBIDDEN', 403),
    })
    renderConsole(PAGE)
    const pictures = await screen.findByRole('region', { name: '書類の画像' })
    fireEvent.click(within(pictures).getByRole('button', { name: /^本人確認書類.*の画像を表示$/ }))
    fireEvent.click(within(pictures).getByRole('button', { name: '生徒手帳か学生証（裏）の画像を表示' }))
    await waitFor(() => expect(within(pictures).getAllByRole('alert')).toHaveLength(2))
    const [deleted, forbidden] = within(pictures).getAllByRole('alert')
    expect(deleted?.textContent).toContain('この画像は、審査から30日が過ぎたため削除されました。')
    expect(forbidden?.textContent).toContain('この操作をする権限がありません。')
  })

  it.each(['VIEWER', 'EDITOR'] as const)(
    'offers a %s neither the pictures nor the review, and masks the person',
    async (role) => {
      const calls = stubApplicationsApi({ [APPLICATION]: answer(maskedApplication()) }, role)
      renderConsole(PAGE)
      const text = (await screen.findByRole('region', { name: '申込者' })).textContent
      expect(screen.getByRole('heading', { name: '申し込みの詳細', level: 1 })).toBeTruthy()
      expect(text).toContain('名前非表示')
      expect(text).toContain('生年月日非表示')
      expect(text).toContain('結果を送るメールアドレス非表示')
      expect(screen.queryByText(/\*\*\*/)).toBeNull()
      expect(
        screen.getByText(/の権限では、名前・生年月日・メールアドレスは「非表示」と表示されます。/),
      ).toBeTruthy()
      expect(region('書類の画像').textContent).toContain(
        '書類の画像は、サポート担当と管理者だけが見られます。',
      )
      expect(screen.queryByRole('button', { name: /画像を表示/ })).toBeNull()
      expect(screen.queryByRole('button', { name: '承認する' })).toBeNull()
      expect(screen.queryByRole('button', { name: '不承認にする' })).toBeNull()
      expect(screen.getByText(/承認・不承認は、サポート担当か管理者が行います。/)).toBeTruthy()
      expect(calls.filter((call) => call.key.includes('/certificates/'))).toEqual([])
    },
  )

  it('shows a rejected application’s review: who, when, the reason and what the applicant read, the note', async () => {
    stubApplicationsApi({
      [APPLICATION]: answer(
        adminApplication({
          state: 'REJECTED',
          reviewedAt: '2026-11-19T06:15:00.000Z',
          reviewer: { operatorId: 'op-1', operatorMailAddress: 'aoi@puribox.example' },
          rejectReason: 'NUMBERS_NOT_HIDDEN',
          rejectReasonText: adminApplications.rejectReasonTexts.NUMBERS_NOT_HIDDEN,
          note: 'insurance number visible',
          certificatesDeleted: true,
          certificates: [],
        }),
      ),
    })
    renderConsole(PAGE)
    const review = await screen.findByRole('region', { name: '審査の結果' })
    expect(review.textContent).toContain('審査日時2026/11/19 15:15')
    expect(review.textContent).toContain('審査した人aoi@puribox.example')
    expect(review.textContent).toContain('不承認の理由番号が隠されていない（マイナンバー・保険証）')
    expect(review.textContent).toContain(
      `申込者に伝えた内容${adminApplications.rejectReasonTexts.NUMBERS_NOT_HIDDEN}`,
    )
    expect(review.textContent).toContain('メモinsurance number visible')
    expect(facts().textContent).toContain('無料プレミアムの期限なし')
    expect(region('書類の画像').textContent).toContain('書類の画像は、審査から30日が過ぎたため削除しました。')
    expect(screen.queryByRole('region', { name: '審査' })).toBeNull()
  })

  it('says an application that is not there is not found, and asks nothing for an address that names none', async () => {
    stubApplicationsApi({ [APPLICATION]: refusal('JHS_APPLICATION_NOT_FOUND', 404) })
    renderConsole(PAGE)
    expect((await screen.findByRole('alert')).textContent).toContain('この申し込みは見つかりませんでした。')
    cleanup()
    const calls = stubApplicationsApi({})
    renderConsole('/admin/applications/not-an-id')
    expect((await screen.findByRole('alert')).textContent).toContain('この申し込みは見つかりませんでした。')
    expect(calls.filter((call) => call.key.startsWith(`GET ${APPLICATIONS_API}`))).toEqual([])
  })

  it('leaves a path of the area that names no screen to the not-found screen', async () => {
    stubApplicationsApi({})
    renderConsole(`/admin/applications/${APPLICATION_ID}/somewhere`)
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeTruthy()
  })
})

describe('the reasons an applicant is told', () => {
  it('are the server’s sentences, word for word, for every reason of the contract', () => {
    const mail = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../../../server/src/locales/ja/jhs-mail.json'), 'utf8'),
    )
    expect(adminApplications.rejectReasonTexts).toEqual(mail.rejectReasons)
    expect(Object.keys(adminApplications.rejectReasons)).toEqual([...JHS_REJECT_REASONS])
  })
})
