// @vitest-environment jsdom
import type { AdminNewsItem } from '@puribox/contract/admin-news'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { adminNewsItem, answer, NEWS_API, NEWS_ID, refusal, stubContentApi } from './testing/content-fixtures'

const ITEM = `${NEWS_API}/${NEWS_ID}`
const PATH = `/admin/news/${NEWS_ID}`

/** The item's page, answering the item as `current()` holds it now, with the steps given. */
function itemApi(current: () => AdminNewsItem, more: Record<string, () => Response> = {}) {
  return { [`GET ${ITEM}`]: () => answer(current())(), ...more }
}

const dialog = () => screen.getByRole('dialog')
const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.body)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("a news item's page", () => {
  it('shows its state, times in Japan time, a link to its audit trail and how members will see it', async () => {
    const item = adminNewsItem({
      state: 'scheduled',
      publishAt: '2026-11-21T03:00:00.000Z',
      publishUntil: '2026-12-31T14:59:00.000Z',
      priorityLevel: 5,
      link: { label: '詳しくはこちら', url: 'https://example.com/holidays' },
    })
    stubContentApi(
      itemApi(() => item),
      'VIEWER',
    )
    renderConsole(PATH)
    await screen.findByRole('heading', { name: '年末年始のお休み', level: 1 })
    const facts = screen.getByRole('region', { name: 'お知らせの情報' })
    expect(facts.textContent).toContain('公開予約 2026/11/21 12:00に公開され、会員に表示されます。')
    expect(facts.textContent).toContain('掲載終了日時2026/12/31 23:59')
    expect(facts.textContent).toContain('重要度5')
    expect(within(facts).getByRole('link', { name: 'このお知らせの監査ログ' }).getAttribute('href')).toBe(
      `/admin/audit?targetKind=news&targetId=${NEWS_ID}`,
    )
    const preview = screen.getByRole('region', { name: '会員への表示' })
    const article = within(preview).getByRole('article', { name: '年末年始のお休み' })
    expect(article.textContent).toContain('2026年11月21日重要')
    expect(within(article).getByText(/12月31日から1月3日まで/).textContent).toBe(
      '12月31日から1月3日まで、\nお問い合わせへの返信をお休みします。',
    )
    const link = within(article).getByRole('link', { name: /詳しくはこちら/ })
    expect(link.getAttribute('href')).toBe('https://example.com/holidays')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    // A viewer reads only.
    expect(screen.queryByRole('link', { name: '内容を変更' })).toBeNull()
    expect(screen.queryByRole('button', { name: /公開/ })).toBeNull()
    expect(screen.getByText(/閲覧者の権限では、見ることだけができます。/)).toBeTruthy()
  })

  it.each([
    ['draft', ['内容を変更', '公開を予約', '今すぐ公開']],
    ['scheduled', ['内容を変更', '予約の日時を変更', '今すぐ公開', '公開を取り下げ']],
    ['published', ['内容を変更', '公開を取り下げ']],
    ['ended', ['内容を変更', '公開を取り下げ']],
    ['withdrawn', ['内容を変更', '公開を予約', '今すぐ公開']],
  ] as const)('offers an editor the steps a %s item allows', async (state, offered) => {
    stubContentApi(itemApi(() => adminNewsItem({ state })))
    renderConsole(PATH)
    await screen.findByRole('heading', { name: '年末年始のお休み', level: 1 })
    const head = screen.getByRole('heading', { level: 1 }).closest('.console-head') as HTMLElement
    const controls = () => [...head.querySelectorAll('a, button')].map((control) => control.textContent)
    await waitFor(() => expect(controls()).toEqual(offered))
  })

  it('says so when the item is not there', async () => {
    stubContentApi({ [`GET ${ITEM}`]: refusal('NEWS_NOT_FOUND', 404) })
    renderConsole(PATH)
    expect((await screen.findByRole('alert')).textContent).toContain('このお知らせは見つかりませんでした。')
  })
})

describe('scheduling an item', () => {
  it('asks for a date and time in Japan time, sends it with its offset and reason, and says when it will show', async () => {
    let item = adminNewsItem()
    const calls = stubContentApi(
      itemApi(() => item, {
        [`POST ${ITEM}/schedule`]: () => {
          item = { ...item, state: 'scheduled', publishAt: '2026-12-01T01:00:00.000Z' }
          return answer(item)()
        },
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '公開を予約' }))
    expect(dialog().textContent).toContain('「年末年始のお休み」を公開する日時を、日本時間で入力します。')
    // Nothing typed, then only a day: each told in Japanese, nothing sent.
    fireEvent.click(within(dialog()).getByRole('button', { name: '予約する' }))
    expect(within(dialog()).getByRole('alert').textContent).toBe('公開日時の日付と時刻を入力してください。')
    fireEvent.change(within(dialog()).getByLabelText('日付'), { target: { value: '2026-12-01' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: '予約する' }))
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      '公開日時は、日付と時刻の両方を入力してください。',
    )
    expect(sent(calls, `POST ${ITEM}/schedule`)).toEqual([])

    fireEvent.change(within(dialog()).getByLabelText('時刻'), { target: { value: '10:00' } })
    fireEvent.change(within(dialog()).getByLabelText('理由（任意）'), {
      target: { value: '12月の会議のあと' },
    })
    fireEvent.click(within(dialog()).getByRole('button', { name: '予約する' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(calls, `POST ${ITEM}/schedule`)).toEqual([
      { publishAt: '2026-12-01T10:00:00+09:00', reason: '12月の会議のあと' },
    ])
    expect((await screen.findByRole('status')).textContent).toBe(
      '2026/12/01 10:00に公開するよう予約しました。',
    )
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'お知らせの情報' }).textContent).toContain('公開予約'),
    )
    expect(screen.getByRole('button', { name: '予約の日時を変更' })).toBeTruthy()
  })

  it('tells a time that has passed beside the field, keeping what was typed', async () => {
    stubContentApi(
      itemApi(() => adminNewsItem(), { [`POST ${ITEM}/schedule`]: refusal('SCHEDULE_IN_PAST', 409) }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '公開を予約' }))
    fireEvent.change(within(dialog()).getByLabelText('日付'), { target: { value: '2026-11-20' } })
    fireEvent.change(within(dialog()).getByLabelText('時刻'), { target: { value: '09:00' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: '予約する' }))
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      '公開日時が過ぎています。いまより後の日時にしてください。',
    )
    expect(within(dialog()).getByLabelText<HTMLInputElement>('日付').value).toBe('2026-11-20')
    expect(within(dialog()).getByLabelText<HTMLInputElement>('時刻').value).toBe('09:00')
  })

  it('refuses a time after the item’s end before sending; Escape closes it', async () => {
    const calls = stubContentApi(itemApi(() => adminNewsItem({ publishUntil: '2026-11-30T15:00:00.000Z' })))
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '公開を予約' }))
    fireEvent.change(within(dialog()).getByLabelText('日付'), { target: { value: '2026-12-01' } })
    fireEvent.change(within(dialog()).getByLabelText('時刻'), { target: { value: '00:00' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: '予約する' }))
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      '公開日時は、掲載終了日時（2026/12/01 00:00）より前にしてください。',
    )
    act(() => {
      dialog().dispatchEvent(new Event('cancel', { cancelable: true }))
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([])
  })
})

describe('publishing now and withdrawing', () => {
  it('publishes after confirming, and says members see it', async () => {
    let item = adminNewsItem()
    const calls = stubContentApi(
      itemApi(() => item, {
        [`POST ${ITEM}/publish`]: () => {
          item = { ...item, state: 'published', publishAt: '2026-11-20T02:00:00.000Z' }
          return answer(item)()
        },
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '今すぐ公開' }))
    expect(screen.getByRole('dialog', { name: '今すぐ公開しますか？' }).textContent).toContain(
      '「年末年始のお休み」を公開します。会員のお知らせに、すぐに表示されます。',
    )
    // Changing one's mind sends nothing.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'やめる' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '今すぐ公開' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: '公開する' }))
    expect((await screen.findByRole('status')).textContent).toBe('公開しました。会員に表示されています。')
    expect(sent(calls, `POST ${ITEM}/publish`)).toEqual([{}])
    expect(await screen.findByRole('button', { name: '公開を取り下げ' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '今すぐ公開' })).toBeNull()
  })

  it('tells a publication the item’s end forbids, in the dialog', async () => {
    stubContentApi(
      itemApi(() => adminNewsItem(), { [`POST ${ITEM}/publish`]: refusal('VALIDATION_FAILED', 400) }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '今すぐ公開' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: '公開する' }))
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      '掲載終了日時が過ぎているため、このままでは公開できません。先に「内容を変更」から掲載終了日時を変えてください。',
    )
  })

  it('withdraws with the reason after confirming', async () => {
    let item = adminNewsItem({ state: 'published', publishAt: '2026-11-20T00:00:00.000Z' })
    const calls = stubContentApi(
      itemApi(() => item, {
        [`POST ${ITEM}/withdraw`]: () => {
          item = { ...item, state: 'withdrawn', withdrawnAt: '2026-11-20T02:00:00.000Z' }
          return answer(item)()
        },
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '公開を取り下げ' }))
    const confirm = screen.getByRole('dialog', { name: '公開を取り下げますか？' })
    expect(confirm.textContent).toContain('会員には、すぐに表示されなくなります。')
    fireEvent.change(within(confirm).getByLabelText('理由（任意）'), { target: { value: ' 早すぎた ' } })
    fireEvent.click(within(confirm).getByRole('button', { name: '取り下げる' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      '公開を取り下げました。会員には表示されません。',
    )
    expect(sent(calls, `POST ${ITEM}/withdraw`)).toEqual([{ reason: '早すぎた' }])
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'お知らせの情報' }).textContent).toContain(
        '取り下げた日時2026/11/20 11:00',
      ),
    )
  })

  it('tells a step another operator made first, and the server’s FORBIDDEN', async () => {
    stubContentApi(
      itemApi(() => adminNewsItem({ state: 'published' }), {
        [`POST ${ITEM}/withdraw`]: refusal('NEWS_STATE_CONFLICT', 409),
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '公開を取り下げ' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: '取り下げる' }))
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'いまの状態のお知らせには、この操作はできません。ほかの人が先に操作した可能性があります。ページを再読み込みして、状態を確かめてください。',
    )
    cleanup()
    stubContentApi(itemApi(() => adminNewsItem(), { [`POST ${ITEM}/publish`]: refusal('FORBIDDEN', 403) }))
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '今すぐ公開' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: '公開する' }))
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'この操作をする権限がありません。権限が変わった可能性があります。ページを再読み込みして、表示を確かめてください。',
    )
  })
})
