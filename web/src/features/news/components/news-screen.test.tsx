// @vitest-environment jsdom
import type { NewsItem } from '@puribox/contract/news'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { GUEST_READS_KEY } from '../guest-reads'
import { NewsScreen } from './news-screen'

const LIST = 'GET /sp/2/news/self/info'
const ID_1 = '6e0f3c1a-0d5e-4d7a-9a51-000000000001'
const ID_2 = '6e0f3c1a-0d5e-4d7a-9a51-000000000002'
const ID_3 = '6e0f3c1a-0d5e-4d7a-9a51-000000000003'

function item(overrides: Partial<NewsItem> & { id: string }): NewsItem {
  return {
    newsCategoryName: 'info',
    createdAt: '2026-11-18T12:00:00',
    title: 'お知らせのタイトル',
    body: '本文の1行目\n本文の2行目',
    link: null,
    priorityLevel: 0,
    read: false,
    ...overrides,
  }
}

const ITEMS = [
  item({
    id: ID_1,
    newsCategoryName: 'important',
    title: '深夜のメンテナンスについて',
    priorityLevel: 9,
    link: { label: 'ヘルプを見る', url: '/web/common/help/top/index' },
  }),
  item({
    id: ID_2,
    newsCategoryName: 'campaign',
    title: '冬だけの限定フレームが登場！',
    createdAt: '2026-11-17T09:00:00',
  }),
  item({ id: ID_3, title: 'お知らせページができました', read: true, createdAt: '2026-11-12T09:00:00' }),
]

const list =
  (entry: NewsItem[]): ApiHandler =>
  () =>
    wrapperResponse({ entity: { entry } })

function setHash(hash: string) {
  act(() => {
    window.location.hash = hash
    window.dispatchEvent(new HashChangeEvent('hashchange'))
  })
}

beforeEach(() => {
  localStorage.clear()
  window.location.hash = ''
  // jsdom has no layout to scroll; an opened item scrolls to the top.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('NewsScreen', () => {
  it('lists the news in the order given, with dates, categories and unread marks, and tabs', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [LIST]: list(ITEMS),
    })
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news?from=top' })
    expect(screen.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeTruthy()
    const links = await screen.findAllByRole('link', { name: /深夜のメンテナンス|冬だけ|ページができました/ })
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`#/${ID_1}`, `#/${ID_2}`, `#/${ID_3}`])
    expect(links[0]!.textContent).toContain('未読')
    expect(links[0]!.textContent).toContain('2026年11月18日')
    expect(links[0]!.textContent).toContain('重要')
    expect(links[1]!.textContent).toContain('キャンペーン')
    expect(links[2]!.textContent).not.toContain('未読')
    const tabs = screen.getByRole('navigation', { name: 'お知らせの種類' })
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((tab) => tab.textContent),
    ).toEqual(['すべて', '重要', 'キャンペーン', 'お知らせ'])
    expect(within(tabs).getByRole('link', { name: 'すべて' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/sp/top/menu')
  })

  it('a category tab asks for that category; none in it is said calmly', async () => {
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [LIST]: list(ITEMS),
      [`${LIST}?newsCategoryName=campaign`]: list([]),
    })
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news' })
    await screen.findAllByRole('link', { name: /深夜のメンテナンス/ })
    setHash('#/campaign')
    expect(await screen.findByText('「キャンペーン」のお知らせは、いまはありません。')).toBeTruthy()
    expect(calls.map((call) => call.key)).toContain(`${LIST}?newsCategoryName=campaign`)
    const tabs = screen.getByRole('navigation', { name: 'お知らせの種類' })
    expect(within(tabs).getByRole('link', { name: 'キャンペーン' }).getAttribute('aria-current')).toBe('page')
  })

  it('no news at all: a calm sentence, not an error', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [LIST]: list([]),
    })
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news' })
    expect(await screen.findByText('いまお知らせはありません。')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('news that could not be loaded: a calm sentence and a retry that loads them', async () => {
    let fail = true
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [LIST]: () =>
        fail
          ? wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500)
          : wrapperResponse({ entity: { entry: ITEMS } }),
    })
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news' })
    expect(
      await screen.findByText('お知らせを読み込めませんでした。電波のよいところで、もう一度お試しください。'),
    ).toBeTruthy()
    fail = false
    act(() => screen.getByRole('button', { name: 'もう一度試す' }).click())
    expect(await screen.findAllByRole('link', { name: /深夜のメンテナンス/ })).toHaveLength(1)
  })

  it('a network failure is the same calm state', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [LIST]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news' })
    expect(await screen.findByText(/お知らせを読み込めませんでした/)).toBeTruthy()
  })

  it('a guest opens an item: its text and link, it becomes read in this browser, the list says so', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [LIST]: list(ITEMS),
    })
    window.location.hash = `#/${ID_1}`
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news?from=top' })
    const article = await screen.findByRole('article', { name: '深夜のメンテナンスについて' })
    expect(article.textContent).toContain('本文の1行目')
    expect(within(article).getByRole('link', { name: 'ヘルプを見る' }).getAttribute('href')).toBe(
      '/web/common/help/top/index',
    )
    await waitFor(() => expect(JSON.parse(localStorage.getItem(GUEST_READS_KEY) ?? '[]')).toEqual([ID_1]))
    setHash('#/all')
    const links = await screen.findAllByRole('link', { name: /深夜のメンテナンス|冬だけ|ページができました/ })
    expect(links[0]!.textContent).not.toContain('未読')
    expect(links[1]!.textContent).toContain('未読')
  })

  it('a member opens an item: the server is told, and every list shows it read', async () => {
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [LIST]: list(ITEMS),
      [`POST /sp/2/news/${ID_2}/read`]: () => wrapperResponse({ entity: { id: ID_2, read: true } }),
    })
    window.location.hash = `#/${ID_2}`
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news' })
    await screen.findByRole('article', { name: '冬だけの限定フレームが登場！' })
    await waitFor(() => expect(calls.map((call) => call.key)).toContain(`POST /sp/2/news/${ID_2}/read`))
    setHash('#/all')
    const links = await screen.findAllByRole('link', { name: /深夜のメンテナンス|冬だけ|ページができました/ })
    await waitFor(() => expect(links[1]!.textContent).not.toContain('未読'))
    expect(localStorage.getItem(GUEST_READS_KEY)).toBeNull()
    expect(calls.filter((call) => call.key.startsWith('POST')).length).toBe(1)
  })

  it('an item already read is not marked again', async () => {
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      [LIST]: list(ITEMS),
    })
    window.location.hash = `#/${ID_3}`
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news' })
    await screen.findByRole('article', { name: 'お知らせページができました' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)
  })

  it('an item not in the news (ended, or never) is said calmly, with the way back to the list', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [LIST]: list(ITEMS),
    })
    window.location.hash = '#/00000000-0000-4000-8000-000000000000'
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news' })
    expect(await screen.findByRole('heading', { name: 'このお知らせは見つかりませんでした' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'お知らせ一覧へ' }).getAttribute('href')).toBe('#/all')
  })

  it("an item's link to another site opens in a new tab without reaching back; a bad one is not shown", async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [LIST]: list([
        item({
          id: ID_1,
          title: '外のサイト',
          link: { label: 'アンケートに答える', url: 'https://example.com/q' },
        }),
        item({ id: ID_2, title: '悪いリンク', link: { label: '開く', url: 'javascript:alert(1)' } }),
      ]),
    })
    window.location.hash = `#/${ID_1}`
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news' })
    const outside = await screen.findByRole('link', { name: /アンケートに答える/ })
    expect(outside.getAttribute('href')).toBe('https://example.com/q')
    expect(outside.getAttribute('target')).toBe('_blank')
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer')
    expect(outside.textContent).toContain('新しいタブで開きます')
    setHash(`#/${ID_2}`)
    await screen.findByRole('article', { name: '悪いリンク' })
    expect(screen.queryByRole('link', { name: '開く' })).toBeNull()
  })

  it('the back link follows `from`; an unknown `from` has none', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [LIST]: list(ITEMS),
    })
    const first = renderWithProviders(<NewsScreen />, { path: '/sp/puri_news?from=mypage' })
    expect(screen.getByRole('link', { name: 'マイページへ戻る' }).getAttribute('href')).toBe(
      '/sp/2/mypage/#/puri/new',
    )
    first.unmount()
    renderWithProviders(<NewsScreen />, { path: '/sp/puri_news?from=%2F%2Fevil.example' })
    expect(screen.queryByRole('link', { name: /戻る/ })).toBeNull()
  })
})
