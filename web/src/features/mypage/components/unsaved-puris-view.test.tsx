// @vitest-environment jsdom
import type { SavedPlay } from '@puribox/contract/mypage'
import type { UnsavedItem } from '@puribox/contract/saving'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordClock } from '../../../lib/clock'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { MypageScreen } from './mypage-screen'

beforeEach(() => {
  window.history.replaceState(null, '', '/sp/2/mypage/#/puri/unsaved')
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  recordClock(null)
  window.history.replaceState(null, '', '/')
})

const CLOCK = { date: '2026-11-24T10:00:00' }
const LIST = '/sp/2/images/unsaved_only/list.json?'

function item(sealId: string, puriNumber: number, overrides: Partial<UnsavedItem> = {}): UnsavedItem {
  return {
    imageId: null,
    sealId,
    puriNumber,
    registerdAt: '2026-11-20T12:00:00',
    expiringAt: '2026-11-27T10:30:00',
    machineName: 'ミラクルボックス',
    machineId: 'm1',
    rawPuri: false,
    readable: true,
    ...overrides,
  }
}

/** The second seal, expiring later: its own deadline. */
const later = (puriNumber: number, overrides: Partial<UnsavedItem> = {}) =>
  item('BBBBB22222', puriNumber, {
    expiringAt: '2026-11-30T18:00:00',
    machineName: 'プリ機B',
    machineId: 'm2',
    ...overrides,
  })

function listPage(items: UnsavedItem[], currentPage: number, totalPage: number, totalCount: number) {
  return wrapperResponse({ entity: { totalCount, currentPage, totalPage, items }, clock: CLOCK })
}

type Handler = (url: string) => Response | Promise<Response>

/** account/self as `membership`, the handlers by path prefix, the summary of `unsaved` pictures; 404 else. */
function stubServer(membership: 'MINI' | 'PREMIUM', handlers: Record<string, Handler>, unsaved = 0) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input)
    // Every answer carries the same time-travel clock, as the server's do while it is on: the
    // deadlines read from it, not from the day the test runs.
    if (url === '/sp/2/account/self')
      return wrapperResponse({
        entity: { account: { id: 'a1', official: false }, membershipStatus: membership },
        clock: CLOCK,
      })
    if (url === '/sp/2/images/unsaved/summary')
      return wrapperResponse({
        entity: {
          hasUnsavedPuri: unsaved > 0,
          totalCount: unsaved,
          items: [],
          soonestExpiryDays: unsaved > 0 ? 3 : null,
          saveByDate: unsaved > 0 ? '11-26' : null,
        },
        clock: CLOCK,
      })
    for (const [prefix, handler] of Object.entries(handlers)) if (url.startsWith(prefix)) return handler(url)
    return wrapperResponse({ error: { code: 'NOT_FOUND', message: 'x' }, clock: CLOCK }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return (prefix: string) =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix))
}

describe('My page: the unsaved pictures (#/puri/unsaved)', () => {
  it('shows them locked, by seal with one deadline each, what premium keeps and the way there', async () => {
    const calls = stubServer('MINI', {
      [LIST]: () =>
        listPage(
          [item('AAAAA11111', 2), item('AAAAA11111', 3, { rawPuri: true }), later(2), later(3), later(4)],
          1,
          1,
          5,
        ),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    expect(await screen.findByRole('heading', { level: 1, name: '未保存のプリ' })).toBeTruthy()
    const groups = await screen.findAllByRole('region', { name: /ミラクルボックス|プリ機B/ })
    expect(groups).toHaveLength(2)
    // Soonest first; each seal by its printed ID and its one deadline (the day before it expires).
    expect(groups[0]!.textContent).toContain('AAAAA-11111')
    expect(groups[0]!.textContent).toContain('保存期限11月26日 10:30まで（あと2日）')
    expect(groups[1]!.textContent).toContain('BBBBB-22222')
    expect(groups[1]!.textContent).toContain('保存期限11月29日 18:00まで（あと5日）')
    expect(within(groups[1]!).getAllByRole('img')).toHaveLength(3)
    // Pictures, not a count: each the watermarked preview of the unsaved-one route, marked raw where so.
    const raw = within(groups[0]!).getByAltText('らくがき前のプリ3枚目（未保存）')
    expect(raw.getAttribute('src')).toBe('/sp/2/images/unsaved/AAAAA11111-3')
    expect(within(groups[0]!).getByText('らくがき前')).toBeTruthy()
    expect(within(groups[0]!).getAllByText('未保存')).toHaveLength(2)
    // What premium keeps, and the real premium page.
    const offer = screen.getByRole('region', { name: 'プレミアム会員なら、すべて残せます' })
    expect(offer.textContent).toContain('ここにある5枚がすべて保存されます')
    expect(
      within(offer).getByRole('link', { name: 'プレミアム会員になって保存する' }).getAttribute('href'),
    ).toBe('/web/payment')
    // The spec's page size, finished and raw puris; and the way back to the saved ones.
    expect(calls(LIST)).toEqual([`${LIST}count=10&page=1&puri=1&raw=1`])
    expect(screen.getByRole('link', { name: '保存したプリを見る' }).getAttribute('href')).toBe('#/puri/new')
    expect(screen.getByText('未保存のプリはここまでです。')).toBeTruthy()
    expect(document.title).toBe('未保存のプリ | PuriBox')
  })

  it('ten at a time: もっと見る brings the next page, a seal split across pages stays one group', async () => {
    const first = [
      ...[2, 3, 4, 5, 6].map((n) => item('AAAAA11111', n)),
      ...[2, 3, 4, 5, 6].map((n) => later(n)),
    ]
    const calls = stubServer('MINI', {
      [LIST]: (url) =>
        url.includes('page=2') ? listPage([later(7), later(8)], 2, 2, 12) : listPage(first, 1, 2, 12),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    fireEvent.click(await screen.findByRole('button', { name: 'もっと見る' }))
    await waitFor(() => expect(screen.getByText('未保存のプリはここまでです。')).toBeTruthy())
    const groups = screen.getAllByRole('region', { name: /ミラクルボックス|プリ機B/ })
    expect(groups).toHaveLength(2)
    expect(within(groups[1]!).getAllByRole('img')).toHaveLength(7)
    expect(calls(LIST)).toEqual([
      `${LIST}count=10&page=1&puri=1&raw=1`,
      `${LIST}count=10&page=2&puri=1&raw=1`,
    ])
  })

  it('with none left: says so, and leads back to the saved pictures', async () => {
    stubServer('MINI', { [LIST]: () => listPage([], 1, 0, 0) })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    expect(await screen.findByText('未保存のプリはありません')).toBeTruthy()
    expect(screen.getByText('保存期限内のシールのプリは、すべて保存されています。')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /プレミアム会員になって/ })).toBeNull()
    const back = screen.getAllByRole('link', { name: '保存したプリを見る' })
    expect(back.map((link) => link.getAttribute('href'))).toEqual(['#/puri/new', '#/puri/new'])
  })

  it('a premium member: nothing is asked, everything is saved', async () => {
    const calls = stubServer('PREMIUM', { [LIST]: () => listPage([item('AAAAA11111', 2)], 1, 1, 1) })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    expect(await screen.findByText('プレミアム会員なので、シールのプリはすべて保存されます。')).toBeTruthy()
    expect(calls(LIST)).toEqual([])
    expect(calls('/sp/2/images/unsaved/summary')).toEqual([])
  })

  it('a guest signs in and comes back to them, and nothing is asked meanwhile', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      wrapperResponse({ entity: { account: null, membershipStatus: 'GUEST' } }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const { location } = renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        `/web/login/top?next=${encodeURIComponent('/sp/2/mypage/#/puri/unsaved')}`,
      ),
    )
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/sp/2/account/self'])
  })

  it('a failed load: a clear Japanese message and a retry that brings them', async () => {
    let attempts = 0
    stubServer('MINI', {
      [LIST]: () => {
        attempts += 1
        if (attempts === 1) throw new TypeError('Failed to fetch')
        return listPage([item('AAAAA11111', 2)], 1, 1, 1)
      },
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('未保存のプリを表示できませんでした。')
    expect(alert.textContent).toContain('通信できませんでした。電波の良いところで、もう一度お試しください。')
    fireEvent.click(within(alert).getByRole('button', { name: 'もう一度試す' }))
    expect(await screen.findByAltText('プリ2枚目（未保存）')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('a failed next page keeps what is shown, says why and retries', async () => {
    let second = 0
    stubServer('MINI', {
      [LIST]: (url) => {
        if (!url.includes('page=2')) return listPage([item('AAAAA11111', 2)], 1, 2, 2)
        second += 1
        if (second === 1) return wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500)
        return listPage([item('AAAAA11111', 3)], 2, 2, 2)
      },
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    fireEvent.click(await screen.findByRole('button', { name: 'もっと見る' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('サーバーで問題が起きました')
    expect(screen.getByAltText('プリ2枚目（未保存）')).toBeTruthy()
    fireEvent.click(within(alert).getByRole('button', { name: 'もう一度試す' }))
    expect(await screen.findByAltText('プリ3枚目（未保存）')).toBeTruthy()
    expect(screen.getByAltText('プリ2枚目（未保存）')).toBeTruthy()
  })
})

describe('My page: the way between the saved and the unsaved pictures', () => {
  const play: SavedPlay = {
    sealId: 'AAAAA11111',
    shotAt: '2026-11-20T10:30:00',
    machine: { id: 'm1', name: 'ミラクルボックス', seriesId: 's1', version: '1' },
    registeredAt: '2026-11-20T12:00:00',
    sealExpireDate: '2026-11-27T10:30:00',
    images: [],
    unsavedCount: 0,
    zipUrl: '/sp/2/mypage/plays/AAAAA11111/zip',
  }
  const plays = () =>
    wrapperResponse({ entity: { totalCount: 1, currentPage: 1, totalPage: 1, items: [play] }, clock: CLOCK })

  it('a free member with unsaved pictures sees their count beside the title, and goes there and back', async () => {
    window.history.replaceState(null, '', '/sp/2/mypage/#/puri/new')
    stubServer(
      'MINI',
      { '/sp/2/mypage/plays?': plays, [LIST]: () => listPage([item('AAAAA11111', 2)], 1, 1, 1) },
      3,
    )
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const toUnsaved = await screen.findByRole('link', { name: '未保存のプリ 3枚' })
    expect(toUnsaved.getAttribute('href')).toBe('#/puri/unsaved')
    window.location.hash = '#/puri/unsaved'
    const title = await screen.findByRole('heading', { level: 1, name: '未保存のプリ' })
    await waitFor(() => expect(document.activeElement).toBe(title))
    expect(await screen.findByAltText('プリ2枚目（未保存）')).toBeTruthy()
    window.location.hash = '#/puri/new'
    expect(await screen.findByRole('heading', { level: 1, name: 'マイページ' })).toBeTruthy()
    expect(screen.getByText('ミラクルボックス')).toBeTruthy()
  })

  it('no way to them with none unsaved, nor for a premium member', async () => {
    window.history.replaceState(null, '', '/sp/2/mypage/#/puri/new')
    stubServer('MINI', { '/sp/2/mypage/plays?': plays }, 0)
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    expect(await screen.findByText('ミラクルボックス')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /未保存のプリ/ })).toBeNull()
    cleanup()
    stubServer('PREMIUM', { '/sp/2/mypage/plays?': plays }, 3)
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    expect(await screen.findByText('ミラクルボックス')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /未保存のプリ/ })).toBeNull()
  })
})
