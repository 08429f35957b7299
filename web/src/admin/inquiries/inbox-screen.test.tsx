// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  answer,
  INQUIRIES_API,
  INQUIRY_ID,
  inboxPage,
  inquirySummary,
  ME,
  REN,
  refusal,
  stubInquiriesApi,
} from './testing/inquiry-fixtures'

const INBOX = `GET ${INQUIRIES_API}`
const waiting = inquirySummary()
const answered = inquirySummary({
  id: '0192f0c4-1111-7000-8000-000000000002',
  referenceNumber: 'PB261118-WXYZ',
  topic: 'payment',
  state: 'answered',
  assignee: REN,
  accountId: null,
  replyTo: 'sora@example.jp',
  lastRepliedAt: '2026-11-19T01:00:00.000Z',
  replyCount: 1,
  noteCount: 2,
})

const inboxCalls = (calls: { key: string }[]) => [
  ...new Set(calls.map((call) => call.key).filter((key) => key === INBOX || key.startsWith(`${INBOX}?`))),
]
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent
const tab = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: '状態で絞り込み' })).getByRole('link', { name })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the inquiry inbox', () => {
  it('lists inquiries the longest waiting first with their state, assignee and thread, and each state’s count as tabs', async () => {
    stubInquiriesApi({ [INBOX]: answer(inboxPage([waiting, answered])) })
    renderConsole('/admin/inquiries')
    await screen.findByRole('heading', { name: 'お問い合わせ', level: 1 })
    expect(document.title).toBe('お問い合わせ | PuriBox 管理')
    await waitFor(() => expect(rows()).toHaveLength(2))
    const first = rows()[0] as HTMLElement
    expect(within(first).getByRole('link', { name: 'PB261120-ABCD' }).getAttribute('href')).toBe(
      `/admin/inquiries/${INQUIRY_ID}`,
    )
    expect(first.textContent).toContain('シールIDでプリが見つからない')
    expect(first.textContent).toContain('新規')
    expect(first.querySelector('[data-label="担当者"]')?.textContent).toBe('なし')
    expect(first.textContent).toContain('hana@example.jp')
    expect(first.textContent).toContain('2026/11/20 11:45')
    expect(first.textContent).toContain('返信0件・メモ0件')
    const second = rows()[1] as HTMLElement
    expect(second.textContent).toContain('返信済み')
    expect(second.textContent).toContain('ren@puribox.example')
    expect(second.textContent).toContain('ログインせずに送信')
    expect(second.textContent).toContain('返信1件・メモ2件最後の返信 2026/11/19 10:00')
    expect(screen.getByText('これ以上のお問い合わせはありません。')).toBeTruthy()
    // The tabs: all of them, and each state with how many it has.
    expect(tab(/^すべて/).textContent).toBe('すべて20件')
    expect(tab(/^すべて/).getAttribute('aria-current')).toBe('page')
    expect(tab(/^対応中/).textContent).toBe('対応中2件')
    expect(tab(/^対応中/).getAttribute('href')).toBe('/admin/inquiries?state=in-progress')
    // The frame names the area as the one shown.
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    expect(within(nav).getByRole('link', { name: 'お問い合わせ' }).getAttribute('aria-current')).toBe('page')
  })

  it('shows one state from its tab, keeping the other filters, and asks the server with the same', async () => {
    const calls = stubInquiriesApi({
      [`${INBOX}?topic=payment`]: answer(inboxPage([waiting, answered])),
      [`${INBOX}?state=answered&topic=payment`]: answer(inboxPage([answered])),
    })
    const view = renderConsole('/admin/inquiries?topic=payment')
    await waitFor(() => expect(rows()).toHaveLength(2))
    fireEvent.click(tab(/^返信済み/))
    await waitFor(() => expect(view.address()).toBe('/admin/inquiries?state=answered&topic=payment'))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(tab(/^返信済み/).getAttribute('aria-current')).toBe('page')
    expect(inboxCalls(calls)).toEqual([`${INBOX}?topic=payment`, `${INBOX}?state=answered&topic=payment`])
  })

  it('filters by assignee, topic, reference number (as typed) and address through the address', async () => {
    const filtered = `${INBOX}?assignee=${REN.operatorId}&topic=payment&referenceNumber=PB261118-WXYZ&mailAddress=sora%40example.jp&order=newest`
    const calls = stubInquiriesApi({
      [INBOX]: answer(inboxPage([waiting, answered])),
      [filtered]: answer(inboxPage([answered])),
    })
    const view = renderConsole('/admin/inquiries')
    await waitFor(() => expect(rows()).toHaveLength(2))
    // The assignees: anyone, nobody, me first, then the others.
    const assignee = field<HTMLSelectElement>('担当者')
    await waitFor(() => expect(within(assignee).getAllByRole('option')).toHaveLength(4))
    expect(
      within(assignee)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['指定しない', '担当者なし', `自分（${ME.operatorMailAddress}）`, REN.operatorMailAddress])
    fireEvent.change(assignee, { target: { value: REN.operatorId } })
    fireEvent.change(field('内容'), { target: { value: 'payment' } })
    fireEvent.change(field('受付番号'), { target: { value: ' pb261118-wxyz ' } })
    fireEvent.change(field('返信先のメールアドレス'), { target: { value: 'sora@example.jp' } })
    fireEvent.change(field('並び順'), { target: { value: 'newest' } })
    fireEvent.click(screen.getByRole('button', { name: 'この条件で表示' }))
    await waitFor(() => expect(view.address()).toBe(filtered.replace(`${INBOX}`, '/admin/inquiries')))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(field('受付番号').value).toBe('PB261118-WXYZ')
    expect(inboxCalls(calls)).toEqual([INBOX, filtered])
    // Clearing keeps the state's tab only (none here).
    fireEvent.click(screen.getByRole('link', { name: '条件をクリア' }))
    await waitFor(() => expect(view.address()).toBe('/admin/inquiries'))
  })

  it('offers a case handler the quick filters of their own inquiries and of those nobody has', async () => {
    stubInquiriesApi(
      {
        [INBOX]: answer(inboxPage([waiting])),
        [`${INBOX}?assignee=${ME.operatorId}`]: answer(inboxPage([])),
      },
      'SUPPORT',
    )
    const view = renderConsole('/admin/inquiries')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByRole('link', { name: '担当者なし' }).getAttribute('href')).toBe(
      '/admin/inquiries?assignee=none',
    )
    fireEvent.click(screen.getByRole('link', { name: '自分の担当' }))
    await waitFor(() => expect(view.address()).toBe(`/admin/inquiries?assignee=${ME.operatorId}`))
    expect(await screen.findByRole('heading', { name: '該当するお問い合わせはありません' })).toBeTruthy()
    expect(screen.getByText('条件を変えて、もう一度お試しください。')).toBeTruthy()
    expect(screen.getByRole('link', { name: '自分の担当' }).getAttribute('aria-current')).toBe('true')
  })

  it('tells filters the server would refuse beside their fields, asking nothing, and keeps what was typed', async () => {
    const calls = stubInquiriesApi({})
    renderConsole('/admin/inquiries?state=waiting&assignee=ren')
    expect(
      await screen.findByText('状態の指定が正しくありません。上のタブから状態を選んでください。'),
    ).toBeTruthy()
    expect(
      screen.getByText('絞り込みの条件にまちがいがあります。条件を直してから表示してください。'),
    ).toBeTruthy()
    await waitFor(() => expect(errorOf('担当者')).toBe('担当者は、一覧から選んでください。'))
    expect(inboxCalls(calls)).toEqual([])
    fireEvent.change(field('受付番号'), { target: { value: 'PB'.repeat(16) } })
    fireEvent.click(screen.getByRole('button', { name: 'この条件で表示' }))
    expect(errorOf('受付番号')).toBe(
      '受付番号は、30文字以内で、改行などの制御文字を含めずに入力してください（例: PB261120-ABCD）。',
    )
    expect(field('受付番号').value).toBe('PB'.repeat(16))
    expect(inboxCalls(calls)).toEqual([])
  })

  it('shows the next page from the cursor with the same filters', async () => {
    const calls = stubInquiriesApi({
      [`${INBOX}?state=new`]: answer(inboxPage([waiting], { next: 'cursor-1' })),
      [`${INBOX}?state=new&after=cursor-1`]: answer(inboxPage([answered])),
    })
    renderConsole('/admin/inquiries?state=new')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByText('1件を表示しています。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.queryByRole('button', { name: 'さらに表示' })).toBeNull()
    expect(inboxCalls(calls)).toEqual([`${INBOX}?state=new`, `${INBOX}?state=new&after=cursor-1`])
  })

  it.each(['VIEWER', 'EDITOR'] as const)(
    'offers the role %s nothing to do, says who may, and shows the addresses masked',
    async (role) => {
      stubInquiriesApi({ [INBOX]: answer(inboxPage([inquirySummary({ replyTo: '***' })])) }, role)
      renderConsole('/admin/inquiries')
      await waitFor(() => expect(rows()).toHaveLength(1))
      expect(screen.queryByRole('link', { name: '自分の担当' })).toBeNull()
      expect(
        screen.getByText(
          /の権限では、見ることだけができます。担当者と状態の変更、返信、メモの追加は、サポート担当か管理者が行います。/,
        ),
      ).toBeTruthy()
      expect(rows()[0]?.textContent).toContain('非表示')
      expect(rows()[0]?.textContent).not.toContain('***')
    },
  )

  it('says so when the inbox could not be read', async () => {
    stubInquiriesApi({ [INBOX]: refusal('INTERNAL_ERROR', 500) })
    renderConsole('/admin/inquiries')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('お問い合わせを表示できませんでした。')
    expect(within(alert).getByRole('button', { name: 'もう一度試す' })).toBeTruthy()
  })

  it('is listed on the home with the other sections', async () => {
    stubInquiriesApi({})
    renderConsole('/admin')
    await screen.findByRole('heading', { name: 'ホーム', level: 1 })
    const link = within(screen.getByRole('main')).getByRole('link', { name: /^お問い合わせ/ })
    expect(link.getAttribute('href')).toBe('/admin/inquiries')
    expect(link.textContent).toContain('メールで返信し')
  })
})
