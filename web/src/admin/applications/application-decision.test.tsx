// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import adminApplications from '../../locales/ja/adminApplications.json'
import { renderConsole } from '../testing/render-console'
import {
  APPLICATION_ID,
  APPLICATIONS_API,
  adminApplication,
  answer,
  refusal,
  stubApplicationsApi,
} from './testing/application-fixtures'

const PAGE = `/admin/applications/${APPLICATION_ID}`
const APPLICATION = `GET ${APPLICATIONS_API}/${APPLICATION_ID}`
const APPROVE = `POST ${APPLICATIONS_API}/${APPLICATION_ID}/approve`
const REJECT = `POST ${APPLICATIONS_API}/${APPLICATION_ID}/reject`
const QUEUE = `GET ${APPLICATIONS_API}`

const reviewer = {
  operatorId: '0192f0c4-7d1e-7a3b-9c2d-4e5f6a7b8c9d',
  operatorMailAddress: 'aoi@puribox.example',
}
const approved = adminApplication({
  state: 'APPROVED',
  reviewedAt: '2026-11-20T03:00:00.000Z',
  reviewer,
  note: 'documents clear',
})
const rejected = adminApplication({
  state: 'REJECTED',
  reviewedAt: '2026-11-20T03:00:00.000Z',
  reviewer,
  rejectReason: 'DOCUMENT_UNREADABLE',
  rejectReasonText: adminApplications.rejectReasonTexts.DOCUMENT_UNREADABLE,
})

/** The application's page, answered as `current()` says (it changes once reviewed), the queue behind it. */
function pageApi(current: () => unknown, more: Record<string, () => Response> = {}) {
  return {
    [APPLICATION]: () => answer(current())(),
    [QUEUE]: answer({ applications: [], counts: { SUBMITTED: 0, APPROVED: 0, REJECTED: 0 }, next: null }),
    ...more,
  }
}

const decision = () => screen.getByRole('region', { name: '審査' })
const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key)

async function openApprove() {
  fireEvent.click(await screen.findByRole('button', { name: '承認する' }))
  return screen.getByRole('form', { name: '承認の確認' })
}

async function openReject() {
  fireEvent.click(await screen.findByRole('button', { name: '不承認にする' }))
  return screen.getByRole('form', { name: '不承認の確認' })
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('approving an application', () => {
  it('confirms what the applicant gets and where it is mailed, then shows the approval and the mail sent', async () => {
    let current = adminApplication()
    const calls = stubApplicationsApi(
      pageApi(() => current, {
        [APPROVE]: () => {
          current = approved
          return answer(approved)()
        },
      }),
    )
    renderConsole(PAGE)
    const form = await openApprove()
    expect(document.activeElement?.textContent).toBe('承認の確認')
    expect(form.textContent).toContain('すぐに中学生無料プレミアムを2028年3月31日まで使えるようになります。')
    expect(form.textContent).toContain('hanako@example.jp に、承認のお知らせと使える期限をメールで送ります。')
    fireEvent.change(within(form).getByLabelText('メモ（任意）'), { target: { value: ' documents clear ' } })
    fireEvent.click(within(form).getByRole('button', { name: '承認する' }))
    await waitFor(() =>
      expect(
        screen
          .getByText(
            '承認しました。hanako@example.jp に、承認のお知らせ（2028年3月31日まで使えること）をメールで送りました。',
          )
          .getAttribute('role'),
      ).toBe('status'),
    )
    // The confirmation is gone: focus goes to what became of it.
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^承認しました。/))
    expect(sent(calls, APPROVE).map((call) => call.body)).toEqual([{ note: 'documents clear' }])
    // The page shows the application as it now is: approved, by whom, the note; nothing left to decide.
    expect(screen.getByRole('region', { name: '申込者' }).textContent).toContain('状態承認済み')
    const review = screen.getByRole('region', { name: '審査の結果' })
    expect(review.textContent).toContain('審査した人aoi@puribox.example')
    expect(review.textContent).toContain('メモdocuments clear')
    expect(screen.queryByRole('region', { name: '審査' })).toBeNull()
  })

  it('sends no note when none is written, and goes back without sending when cancelled', async () => {
    const calls = stubApplicationsApi(pageApi(() => adminApplication(), { [APPROVE]: answer(approved) }))
    renderConsole(PAGE)
    let form = await openApprove()
    fireEvent.click(within(form).getByRole('button', { name: 'やめる' }))
    expect(screen.queryByRole('form', { name: '承認の確認' })).toBeNull()
    expect(sent(calls, APPROVE)).toEqual([])
    form = await openApprove()
    fireEvent.click(within(form).getByRole('button', { name: '承認する' }))
    await waitFor(() => expect(sent(calls, APPROVE).map((call) => call.body)).toEqual([{}]))
  })

  it('tells a note the server would refuse beside it, sending nothing', async () => {
    const calls = stubApplicationsApi(pageApi(() => adminApplication()))
    renderConsole(PAGE)
    const form = await openApprove()
    const note = within(form).getByLabelText('メモ（任意）')
    // Typed past the field's length, as a paste can be.
    note.removeAttribute('maxlength')
    fireEvent.change(note, { target: { value: 'あ'.repeat(501) } })
    fireEvent.click(within(form).getByRole('button', { name: '承認する' }))
    expect(await within(form).findByText('メモは、500文字以内で入力してください。')).toBeTruthy()
    expect(sent(calls, APPROVE)).toEqual([])
  })

  it('says when another operator reviewed it first, and shows it as it now is', async () => {
    let current = adminApplication()
    stubApplicationsApi(
      pageApi(() => current, {
        [APPROVE]: () => {
          current = rejected
          return refusal('JHS_APPLICATION_NOT_SUBMITTED', 409)()
        },
      }),
    )
    renderConsole(PAGE)
    const form = await openApprove()
    fireEvent.click(within(form).getByRole('button', { name: '承認する' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'この申し込みは、すでに審査が終わっています。ほかの担当者が先に承認か不承認にした可能性があります。いまの状態を表示しています。',
    )
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '申込者' }).textContent).toContain('状態不承認'),
    )
    expect(screen.getByRole('region', { name: '審査の結果' }).textContent).toContain('画像が読み取れない')
    expect(screen.queryByRole('region', { name: '審査' })).toBeNull()
  })

  it.each([
    [
      'JHS_PREMIUM_PERIOD_OVER',
      409,
      'この申し込みは、無料プレミアムの期限（中学3年生の3月31日）を過ぎているため、承認できません。',
    ],
    ['FORBIDDEN', 403, 'この操作をする権限がありません。権限が変わった可能性があります。'],
    ['JHS_APPLICATION_NOT_FOUND', 404, 'この申し込みは見つかりませんでした。'],
  ])('tells a refusal (%s) in the form, keeping the note typed', async (code, status, message) => {
    stubApplicationsApi(pageApi(() => adminApplication(), { [APPROVE]: refusal(code, status) }))
    renderConsole(PAGE)
    const form = await openApprove()
    fireEvent.change(within(form).getByLabelText('メモ（任意）'), { target: { value: 'checked twice' } })
    fireEvent.click(within(form).getByRole('button', { name: '承認する' }))
    expect((await within(form).findByRole('alert')).textContent).toContain(message)
    expect(within(form).getByLabelText<HTMLInputElement>('メモ（任意）').value).toBe('checked twice')
    expect(screen.getByRole('region', { name: '申込者' }).textContent).toContain('状態審査待ち')
  })

  it('offers no approval once the premium would have ended, and says to reject it for that reason', async () => {
    stubApplicationsApi(pageApi(() => adminApplication({ premiumEndsAt: '2026-11-19T15:00:00.000Z' })))
    renderConsole(PAGE)
    await screen.findByRole('button', { name: '不承認にする' })
    expect(screen.queryByRole('button', { name: '承認する' })).toBeNull()
    expect(decision().textContent).toContain(
      'この申し込みは、無料プレミアムの期限（2026年11月19日）を過ぎているため、承認できません。',
    )
    expect(screen.getByRole('region', { name: '申込者' }).textContent).toContain(
      '期限を過ぎています（承認できません）',
    )
  })
})

describe('rejecting an application', () => {
  it('shows the sentence the applicant will read for the reason chosen, then the rejection and the mail sent', async () => {
    let current = adminApplication()
    const calls = stubApplicationsApi(
      pageApi(() => current, {
        [REJECT]: () => {
          current = rejected
          return answer(rejected)()
        },
      }),
    )
    renderConsole(PAGE)
    const form = await openReject()
    const preview = within(form).getByRole('region', { name: '申込者に伝わる内容' })
    expect(preview.textContent).toContain(
      '理由を選ぶと、申込者へのメールと申し込みページに出る文章が、ここに表示されます。',
    )
    const reason = within(form).getByLabelText<HTMLSelectElement>('不承認の理由')
    expect([...reason.options].map((option) => option.textContent)).toEqual([
      '選んでください',
      ...Object.values(adminApplications.rejectReasons),
    ])
    fireEvent.change(reason, { target: { value: 'NUMBERS_NOT_HIDDEN' } })
    expect(preview.textContent).toContain(adminApplications.rejectReasonTexts.NUMBERS_NOT_HIDDEN)
    fireEvent.change(reason, { target: { value: 'DOCUMENT_UNREADABLE' } })
    expect(preview.textContent).toContain(adminApplications.rejectReasonTexts.DOCUMENT_UNREADABLE)
    expect(form.textContent).toContain('hanako@example.jp に、この理由を書いたメールを送ります。')
    expect(form.textContent).toContain('メモは送られません。')
    fireEvent.change(within(form).getByLabelText('メモ（任意）'), { target: { value: 'blurred' } })
    fireEvent.click(within(form).getByRole('button', { name: '不承認にする' }))
    await waitFor(() =>
      expect(
        screen.getByText(
          '不承認にしました。hanako@example.jp に、理由を書いたお知らせをメールで送りました。申込者は、内容を直してもう一度申し込めます。',
        ),
      ).toBeTruthy(),
    )
    expect(sent(calls, REJECT).map((call) => call.body)).toEqual([
      { reason: 'DOCUMENT_UNREADABLE', note: 'blurred' },
    ])
    const review = screen.getByRole('region', { name: '審査の結果' })
    expect(review.textContent).toContain(
      `申込者に伝えた内容${adminApplications.rejectReasonTexts.DOCUMENT_UNREADABLE}`,
    )
    expect(screen.queryByRole('region', { name: '審査' })).toBeNull()
  })

  it('asks for a reason before sending anything', async () => {
    const calls = stubApplicationsApi(pageApi(() => adminApplication()))
    renderConsole(PAGE)
    const form = await openReject()
    fireEvent.click(within(form).getByRole('button', { name: '不承認にする' }))
    expect(await within(form).findByText('不承認の理由を選んでください。')).toBeTruthy()
    expect(sent(calls, REJECT)).toEqual([])
  })

  it('says when another operator reviewed it first, and shows it as it now is', async () => {
    let current = adminApplication()
    stubApplicationsApi(
      pageApi(() => current, {
        [REJECT]: () => {
          current = approved
          return refusal('JHS_APPLICATION_NOT_SUBMITTED', 409)()
        },
      }),
    )
    renderConsole(PAGE)
    const form = await openReject()
    fireEvent.change(within(form).getByLabelText('不承認の理由'), { target: { value: 'OTHER' } })
    fireEvent.click(within(form).getByRole('button', { name: '不承認にする' }))
    expect((await screen.findByRole('alert')).textContent).toContain('すでに審査が終わっています。')
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '申込者' }).textContent).toContain('状態承認済み'),
    )
  })

  it.each([
    ['FORBIDDEN', 403, 'この操作をする権限がありません。'],
    ['JHS_APPLICATION_NOT_FOUND', 404, 'この申し込みは見つかりませんでした。'],
    ['NETWORK', 0, 'サーバーに接続できませんでした。'],
  ])('tells a failure (%s) in the form, keeping the reason chosen', async (code, status, message) => {
    const failing =
      code === 'NETWORK'
        ? () => {
            throw new TypeError('Failed to fetch')
          }
        : refusal(code, status)
    stubApplicationsApi(pageApi(() => adminApplication(), { [REJECT]: failing }))
    renderConsole(PAGE)
    const form = await openReject()
    fireEvent.change(within(form).getByLabelText('不承認の理由'), { target: { value: 'NOT_JUNIOR_HIGH' } })
    fireEvent.click(within(form).getByRole('button', { name: '不承認にする' }))
    expect((await within(form).findByRole('alert')).textContent).toContain(message)
    expect(within(form).getByLabelText<HTMLSelectElement>('不承認の理由').value).toBe('NOT_JUNIOR_HIGH')
  })
})
