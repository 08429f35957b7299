// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { adminNewsItem, answer, NEWS_API, NEWS_ID, refusal, stubContentApi } from './testing/content-fixtures'

const LIST = `GET ${NEWS_API}`
const draft = adminNewsItem()
const published = adminNewsItem({
  id: '0192f0c4-0000-7000-8000-0000000000a2',
  state: 'published',
  category: 'campaign',
  title: '冬のキャンペーン',
  // 9:00 in Japan.
  publishAt: '2026-11-20T00:00:00.000Z',
})

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const listCalls = (calls: { key: string }[]) => [
  ...new Set(calls.filter((call) => call.key.startsWith(LIST)).map((call) => call.key)),
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the news list', () => {
  it('lists every item with its category, state and times in Japan time, each linking to its page', async () => {
    stubContentApi({ [LIST]: answer({ items: [draft, published], next: null }) })
    renderConsole('/admin/news')
    await screen.findByRole('heading', { name: 'お知らせ', level: 1 })
    expect(document.title).toBe('お知らせ | PuriBox 管理')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[0]?.textContent).toBe('年末年始のお休み重要下書き未定2026/11/20 10:30')
    expect(rows()[1]?.textContent).toBe('冬のキャンペーンキャンペーン公開中2026/11/20 09:002026/11/20 10:30')
    expect(screen.getByRole('link', { name: '年末年始のお休み' }).getAttribute('href')).toBe(
      `/admin/news/${NEWS_ID}`,
    )
    expect(screen.getByText('これ以上のお知らせはありません。')).toBeTruthy()
    // The frame marks the section; the list's views mark "all".
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    expect(within(nav).getByRole('link', { name: 'お知らせ' }).getAttribute('aria-current')).toBe('page')
    const states = screen.getByRole('navigation', { name: '状態で絞り込む' })
    expect(within(states).getByRole('link', { name: 'すべて' }).getAttribute('aria-current')).toBe('page')
    // An editor writes news.
    expect(screen.getByRole('link', { name: 'お知らせを作成' }).getAttribute('href')).toBe('/admin/news/new')
  })

  it('shows one state through the address, asks the server for it, and pages from its cursor', async () => {
    const calls = stubContentApi({
      [LIST]: answer({ items: [draft, published], next: null }),
      [`${LIST}?state=published`]: answer({ items: [published], next: 'cursor-1' }),
      [`${LIST}?state=published&after=cursor-1`]: answer({
        items: [
          adminNewsItem({
            id: '0192f0c4-0000-7000-8000-0000000000a3',
            state: 'published',
            title: '秋の新機種',
          }),
        ],
        next: null,
      }),
    })
    const view = renderConsole('/admin/news')
    await waitFor(() => expect(rows()).toHaveLength(2))
    fireEvent.click(screen.getByRole('link', { name: '公開中' }))
    await waitFor(() => expect(view.address()).toBe('/admin/news?state=published'))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByRole('link', { name: '公開中' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByText('1件を表示しています。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[1]?.textContent).toContain('秋の新機種')
    expect(screen.queryByRole('button', { name: 'さらに表示' })).toBeNull()
    expect(listCalls(calls)).toEqual([
      LIST,
      `${LIST}?state=published`,
      `${LIST}?state=published&after=cursor-1`,
    ])
  })

  it('says when a state has no item, and refuses a state that is none without asking', async () => {
    const calls = stubContentApi({ [`${LIST}?state=withdrawn`]: answer({ items: [], next: null }) })
    const view = renderConsole('/admin/news?state=withdrawn')
    expect(await screen.findByText('「取り下げ済み」のお知らせはありません。')).toBeTruthy()
    cleanup()
    renderConsole('/admin/news?state=deleted')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'このURLの状態では絞り込めません。上の状態から選んでください。',
    )
    expect(listCalls(calls)).toEqual([`${LIST}?state=withdrawn`])
    expect(view.address()).toBe('/admin/news?state=withdrawn')
  })

  it.each(['VIEWER', 'SUPPORT'] as const)('offers a %s nothing to write, and says why', async (role) => {
    stubContentApi({ [LIST]: answer({ items: [draft], next: null }) }, role)
    renderConsole('/admin/news')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.queryByRole('link', { name: 'お知らせを作成' })).toBeNull()
    expect(
      screen.getByText(/の権限では、見ることだけができます。作成と変更は、編集者か管理者が行います。/),
    ).toBeTruthy()
  })

  it('says so when the list could not be read, with a way to try again', async () => {
    stubContentApi({ [LIST]: refusal('INTERNAL_ERROR', 500) })
    renderConsole('/admin/news')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('お知らせを表示できませんでした。')
    expect(within(alert).getByRole('button', { name: 'もう一度試す' })).toBeTruthy()
  })

  it('is listed on the home with the other sections', async () => {
    stubContentApi({})
    renderConsole('/admin')
    await screen.findByRole('heading', { name: 'ホーム', level: 1 })
    const link = within(screen.getByRole('main')).getByRole('link', { name: /^お知らせ/ })
    expect(link.getAttribute('href')).toBe('/admin/news')
    expect(link.textContent).toContain('公開の予約')
  })
})
