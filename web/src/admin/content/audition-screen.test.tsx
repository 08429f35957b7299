// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  ACCOUNT_ID,
  AUDITION_ID,
  AUDITIONS_API,
  adminAudition,
  auditionApplication,
  auditionProgress,
} from './testing/audition-fixtures'
import { answer, refusal, stubContentApi } from './testing/content-fixtures'

const ITEM = `${AUDITIONS_API}/${AUDITION_ID}`
const APPLICATIONS = `GET ${ITEM}/applications`
const audition = adminAudition({
  applicationsSent: 2,
  progress: auditionProgress({
    applicants: 5,
    guardianConsents: { PENDING: 1, EXPIRED: 1, AGREED: 1, DECLINED: 0 },
    identityChecks: { PENDING: 1, VERIFIED: 2, REJECTED: 1, ABANDONED: 0, EXPIRED: 0 },
    sent: 2,
  }),
})
const minor = auditionApplication({
  referenceNumber: 'AU261120-MINOR1',
  birthday: '2010-04-01',
  age: 16,
  guardianConsent: { relation: 'MOTHER', consentedAt: '2026-11-20T02:00:00.000Z' },
})

const posts = (calls: { key: string; body: unknown }[]) => calls.filter((call) => !call.key.startsWith('GET'))
const cardOf = (name: string) =>
  screen.getByRole('heading', { name, level: 2 }).closest('section') as HTMLElement

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("an audition's page", () => {
  it('shows its state, window, what members see, how far applications got and the applications as sent', async () => {
    stubContentApi(
      {
        [`GET ${ITEM}`]: answer(audition),
        [APPLICATIONS]: answer({ items: [auditionApplication(), minor], next: null }),
      },
      'SUPPORT',
    )
    renderConsole(`/admin/auditions/${AUDITION_ID}`)
    await screen.findByRole('heading', { name: '大人プリ 広告モデル オーディション', level: 1 })
    const facts = cardOf('オーディションの情報')
    expect(facts.textContent).toContain(
      '受付中 受付中です。対象の年齢の会員に表示されています。締め切りは2026/12/31 23:59です。',
    )
    expect(facts.textContent).toContain('受付期間2026/11/20 10:00 〜 2026/12/31 23:59')
    expect(
      within(facts).getByRole('link', { name: 'このオーディションの監査ログを見る' }).getAttribute('href'),
    ).toBe(`/admin/audit?targetKind=audition&targetId=${AUDITION_ID}`)
    expect(cardOf('会員に表示される内容').textContent).toContain(
      '対象：20〜34歳 / 締め切り：2026/12/31 23:59大人向けのプリ機の広告モデルを募集します。\n撮影は平日の日中です。',
    )
    const progress = cardOf('応募の状況')
    expect(progress.textContent).toContain('応募を始めた会員5人')
    expect(progress.textContent).toContain('同意待ち 1件期限切れ 1件同意済み 1件同意しない 0件')
    expect(progress.textContent).toContain(
      '確認中 1件確認済み 2件確認できなかった 1件途中でやめた 0件時間切れ 0件',
    )
    expect(progress.textContent).toContain('主催者に送った応募2件')

    const sent = cardOf('主催者に送った応募')
    await waitFor(() => expect(within(sent).getAllByRole('row')).toHaveLength(3))
    const [, adult, child] = within(sent).getAllByRole('row')
    expect(adult?.textContent).toBe(
      `AU261120-7Q2KXM${ACCOUNT_ID}1998-04-0128歳2026/11/20 12:052026/11/20 12:04不要（18歳以上）`,
    )
    expect(child?.textContent).toContain('16歳')
    expect(child?.textContent).toContain('母（2026/11/20 11:00）')
    expect(
      within(adult as HTMLElement)
        .getByRole('link', { name: ACCOUNT_ID })
        .getAttribute('href'),
    ).toBe(`/admin/members/${ACCOUNT_ID}`)
    expect(
      within(sent).queryByText('会員IDと生年月日は、サポート担当と管理者にだけ表示されます。'),
    ).toBeNull()
    // Support reads; changing is an editor's.
    expect(screen.queryByRole('button', { name: '受付を締め切る' })).toBeNull()
    expect(screen.getByText(/の権限では、見ることだけができます。/)).toBeTruthy()
  })

  it('shows a viewer the member and birthday hidden, and says why', async () => {
    stubContentApi(
      {
        [`GET ${ITEM}`]: answer(audition),
        [APPLICATIONS]: answer({
          items: [auditionApplication({ accountId: '***', birthday: '***' })],
          next: null,
        }),
      },
      'VIEWER',
    )
    renderConsole(`/admin/auditions/${AUDITION_ID}`)
    const sent = await waitFor(() => cardOf('主催者に送った応募'))
    await waitFor(() => expect(within(sent).getAllByRole('row')).toHaveLength(2))
    expect(within(sent).getAllByRole('row')[1]?.textContent).toBe(
      'AU261120-7Q2KXM非表示非表示28歳2026/11/20 12:052026/11/20 12:04不要（18歳以上）',
    )
    expect(within(sent).queryByRole('link')).toBeNull()
    expect(
      within(sent).getByText('会員IDと生年月日は、サポート担当と管理者にだけ表示されます。'),
    ).toBeTruthy()
  })

  it('lets an editor close it after a dialog that says what it does, with a reason', async () => {
    const closed = adminAudition({ ...audition, state: 'closed', closesAt: '2026-11-20T03:00:00.000Z' })
    let current = audition
    const calls = stubContentApi({
      [`GET ${ITEM}`]: () => answer(current)(),
      [APPLICATIONS]: answer({ items: [], next: null }),
      [`POST ${ITEM}/close`]: () => {
        current = closed
        return answer(closed)()
      },
    })
    renderConsole(`/admin/auditions/${AUDITION_ID}`)
    expect((await screen.findByRole('link', { name: '変更する' })).getAttribute('href')).toBe(
      `/admin/auditions/${AUDITION_ID}/edit`,
    )
    fireEvent.click(screen.getByRole('button', { name: '受付を締め切る' }))
    const dialog = screen.getByRole('dialog', { name: '受付を締め切りますか？' })
    expect(dialog.textContent).toContain(
      '「大人プリ 広告モデル オーディション」の受付をいますぐ終了し、会員の画面から消します。',
    )
    fireEvent.change(within(dialog).getByLabelText('理由（任意）'), {
      target: { value: '募集人数に達したため' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: '受付を締め切る' }))
    expect(await screen.findByText('受付を締め切りました。会員の画面には表示されません。')).toBeTruthy()
    expect(posts(calls)).toEqual([{ key: `POST ${ITEM}/close`, body: { reason: '募集人数に達したため' } }])
    // Closed, it takes no change.
    await waitFor(() => expect(screen.queryByRole('link', { name: '変更する' })).toBeNull())
    expect(screen.queryByRole('button', { name: '受付を締め切る' })).toBeNull()
    expect(screen.getByText('受付を終了しました。会員には表示されません。')).toBeTruthy()
  })

  it('warns before closing one still to come, and tells a refusal in the dialog', async () => {
    stubContentApi({
      [`GET ${ITEM}`]: answer(adminAudition({ state: 'upcoming', opensAt: '2026-12-01T01:00:00.000Z' })),
      [APPLICATIONS]: answer({ items: [], next: null }),
      [`POST ${ITEM}/close`]: refusal('AUDITION_STATE_CONFLICT', 409),
    })
    renderConsole(`/admin/auditions/${AUDITION_ID}`)
    expect(await screen.findByText('主催者に送った応募は、まだありません。')).toBeTruthy()
    expect(
      screen.getByText('2026/12/01 10:00から受付を始めます。会員にはまだ表示されていません。'),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '受付を締め切る' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog.textContent).toContain('締め切ると、会員に一度も表示されないまま終了します。')
    fireEvent.click(within(dialog).getByRole('button', { name: '受付を締め切る' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'いまの状態のオーディションには、この操作はできません。',
    )
  })

  it('says an audition that is not there is not found', async () => {
    stubContentApi({
      [`GET ${AUDITIONS_API}/no-such-one`]: refusal('AUDITION_NOT_FOUND', 404),
    })
    renderConsole('/admin/auditions/no-such-one')
    expect(await screen.findByText('このオーディションは見つかりませんでした。')).toBeTruthy()
  })
})
