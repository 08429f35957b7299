// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordClock } from '../../../lib/clock'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { fileSaver } from '../api/download-play-zip'
import {
  buildLockedPuri,
  buildMiniPlay,
  buildPlaysPage,
  buildSavedImage,
  buildSavedPlay,
} from '../testing/plays'
import { MypageScreen } from './mypage-screen'

beforeEach(() => {
  window.history.replaceState(null, '', '/sp/2/mypage/')
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  recordClock(null)
  window.history.replaceState(null, '', '/')
})

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>

const TRIAL = '/sp/2/payment/trial'
const BANNER = '/sp/2/banner/space_id/photos_banner'

/** `GET /sp/2/payment/trial`'s entity: offered (au, the first time) with every flow TRIAL, unless overridden. */
function trialEntity(overrides: { canTrial?: boolean; myPage?: 'TRIAL' | 'NORMAL' } = {}) {
  const { canTrial = true, myPage = 'TRIAL' } = overrides
  return {
    canAdmit: canTrial,
    canTrial,
    endDate: canTrial ? '2026-12-25T10:00:00' : null,
    reason: canTrial ? null : 'NOT_AU',
    trialDays: 31,
    trialJudge: { flowName: 'TRIAL_JUDGE', caseName: 'TRIAL' },
    puriGrid: { flowName: 'PURI_GRID', caseName: 'TRIAL' },
    myPage: { flowName: 'MY_PAGE', caseName: myPage },
    purigetLp: { flowName: 'PURIGET_LP', caseName: 'TRIAL' },
  }
}

/**
 * A fetch for account/self (as `membership`) and the given paths (by prefix); 404 for the rest (a
 * banner space without a banner, say). The au trial, unless a handler says, is not offered (a member
 * on wifi). Those answers carry the clock of the plays' answers before them, as the server's every
 * answer carries the session's clock.
 */
function stubServer(membership: 'GUEST' | 'MINI' | 'PREMIUM', handlers: Record<string, Handler>) {
  let lastClock: unknown = null
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input)
    if (url === '/sp/2/account/self') {
      return wrapperResponse({
        entity: {
          account: membership === 'GUEST' ? null : { id: 'a1', official: false },
          membershipStatus: membership,
        },
      })
    }
    for (const [prefix, handler] of Object.entries(handlers)) {
      if (!url.startsWith(prefix)) continue
      const response = await handler(url, init)
      if (url.startsWith(PLAYS)) lastClock = (await response.clone().json()).clock ?? lastClock
      return response
    }
    if (url === TRIAL)
      return wrapperResponse({ entity: trialEntity({ canTrial: false }), clock: lastClock as null })
    return wrapperResponse({ error: { code: 'NOT_FOUND', message: 'x' }, clock: lastClock as null }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  const calls = (prefix: string) =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix))
  return { fetchMock, calls }
}

const PLAYS = '/sp/2/mypage/plays?'

describe('MypageScreen: the list', () => {
  it('groups plays newest first by date and machine, marks raw pictures, and sizes thumbnails', async () => {
    stubServer('PREMIUM', {
      [PLAYS]: () =>
        wrapperResponse({
          entity: buildPlaysPage([
            buildSavedPlay('AAAAA11111'),
            buildSavedPlay('BBBBB22222', {
              shotAt: '2026-11-18T23:30:00',
              machine: { id: 'm2', name: 'プリ機B', seriesId: 's', version: '1' },
            }),
          ]),
        }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    // The first region is the seal-ID entry at the top; the plays follow.
    await waitFor(() => expect(screen.getAllByRole('region')).toHaveLength(3))
    const [entry, ...groups] = screen.getAllByRole('region')
    expect(within(entry!).getByRole('heading').textContent).toBe('新しいシールのプリを保存する')
    expect(within(entry!).getByRole('textbox', { name: 'シールID' })).toBeTruthy()
    expect(groups).toHaveLength(2)
    expect(within(groups[0]!).getByRole('heading').textContent).toContain('11月20日')
    expect(within(groups[0]!).getByRole('heading').textContent).toContain('ミラクルボックス')
    expect(within(groups[1]!).getByRole('heading').textContent).toContain('11月18日')
    expect(within(groups[0]!).getAllByText('らくがき前')).toHaveLength(1)
    expect(within(groups[0]!).getByRole('button', { name: '3枚目（らくがき前）を大きく見る' })).toBeTruthy()
    const first = within(groups[0]!).getByAltText('11月20日のプリ 1枚目')
    expect(first.getAttribute('src')).toMatch(/_thumb\.jpg$/)
    expect(first.getAttribute('width')).toBe('240')
    expect(first.getAttribute('height')).toBe('320')
    expect(first.getAttribute('loading')).toBe('eager')
    const later = within(groups[1]!).getByAltText('11月18日のプリ 1枚目')
    expect(later.getAttribute('loading')).toBe('lazy')
    expect(later.getAttribute('decoding')).toBe('async')
    expect(window.location.hash).toBe('#/puri/new')
    expect(screen.getByText('保存したプリはここまでです。')).toBeTruthy()
    // Premium: no unsaved note.
    expect(screen.queryByText(/未保存のプリ/)).toBeNull()
  })

  it('mini: the unsaved pictures locked after the saved one, one deadline by the clock, the way to premium', async () => {
    stubServer('MINI', {
      [PLAYS]: () =>
        wrapperResponse({
          entity: buildPlaysPage([buildMiniPlay('AAAAA11111')]),
          clock: { date: '2026-11-24T10:00:00' },
        }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const group = await screen.findByRole('region', { name: /ミラクルボックス/ })
    expect(within(group).getByRole('heading').textContent).toContain('4枚中1枚を保存')
    // Saved first, then the three locked ones, each opening the viewer.
    expect(
      within(group)
        .getAllByRole('button', { name: /大きく見る/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      '1枚目を大きく見る',
      '2枚目（未保存）を大きく見る',
      '3枚目（未保存）を大きく見る',
      // A raw one's name carries what its badge shows.
      '4枚目（未保存 らくがき前）を大きく見る',
    ])
    const lockedPreview = within(group).getByAltText('11月20日のプリ 4枚目（らくがき前・未保存）')
    expect(lockedPreview.getAttribute('src')).toBe('/sp/2/images/unsaved/AAAAA11111-4')
    expect(lockedPreview.getAttribute('loading')).toBe('lazy')
    // Only the saved one comes from the saved pictures' route.
    expect(
      within(group)
        .getAllByRole('img')
        .filter((img) => img.getAttribute('src')?.startsWith('/sp/2/mypage/image/')),
    ).toHaveLength(1)
    // One deadline: the save-by moment, a day before the seal expires (11月27日 10:30).
    expect(group.textContent).toContain('保存期限 11月26日 10:30まで（あと2日）')
    expect(group.textContent).toContain('プレミアム会員になると、未保存の3枚も保存されます。')
    expect(
      within(group)
        .getByRole('link', { name: 'プレミアム会員になって、すべてのプリを保存する' })
        .getAttribute('href'),
    ).toBe('/web/payment')
  })

  it('mini, on the last day: the clock time and the hours left, stressed, never 「あと1日」', async () => {
    stubServer('MINI', {
      [PLAYS]: () =>
        wrapperResponse({
          entity: buildPlaysPage([buildMiniPlay('AAAAA11111')]),
          clock: { date: '2026-11-27T08:45:00' },
        }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const group = await screen.findByRole('region', { name: /ミラクルボックス/ })
    const deadline = group.querySelector('.deadline')
    expect(deadline?.textContent).toBe('本日 10:30まで（あと1時間）')
    expect(deadline?.className).toContain('deadline--soon')
    expect(group.textContent).not.toContain('あと1日')
    expect(within(group).getAllByRole('button', { name: /未保存/ })).toHaveLength(3)
  })

  it('mini, once the seal has expired: the saved picture only, nothing locked, no deadline', async () => {
    stubServer('MINI', {
      [PLAYS]: () =>
        wrapperResponse({
          entity: buildPlaysPage([buildMiniPlay('AAAAA11111')]),
          clock: { date: '2026-11-27T10:30:00' },
        }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const group = await screen.findByRole('region', { name: /ミラクルボックス/ })
    expect(within(group).getAllByRole('button', { name: /大きく見る/ })).toHaveLength(1)
    expect(group.textContent).not.toContain('保存期限')
    expect(within(group).getByRole('heading').textContent).not.toContain('枚中')
  })

  it('mini: a play saved with nothing free says why, and shows its pictures locked', async () => {
    stubServer('MINI', {
      [PLAYS]: () =>
        wrapperResponse({
          entity: buildPlaysPage([
            buildSavedPlay('AAAAA11111', {
              images: [],
              unsavedCount: 2,
              unsavedPuris: [buildLockedPuri('AAAAA11111', 1), buildLockedPuri('AAAAA11111', 2, true)],
            }),
          ]),
          clock: { date: '2026-11-24T10:00:00' },
        }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const group = await screen.findByRole('region', { name: /ミラクルボックス/ })
    expect(group.textContent).toContain('見本やらくがき前のプリだけなので、無料会員では保存されていません。')
    expect(within(group).getAllByRole('button', { name: /未保存/ })).toHaveLength(2)
    expect(within(group).queryByRole('button', { name: /ZIP/ })).toBeNull()
    expect(
      within(group).getByRole('link', { name: 'プレミアム会員になって、すべてのプリを保存する' }),
    ).toBeTruthy()
  })

  it('offers a free member the au trial below the newest play when MY_PAGE is TRIAL, leading to its start', async () => {
    const { calls } = stubServer('MINI', {
      [PLAYS]: () =>
        wrapperResponse({
          entity: buildPlaysPage([buildMiniPlay('AAAAA11111'), buildSavedPlay('BBBBB22222')]),
        }),
      [TRIAL]: () => wrapperResponse({ entity: trialEntity() }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const link = await screen.findByRole('link', { name: '31日間無料で試す' })
    expect(link.getAttribute('href')).toBe('/sp/auoneadmit/au_trial_start')
    const offer = link.closest('section') as HTMLElement
    expect(within(offer).getByRole('heading').textContent).toBe('いまなら31日間無料')
    expect(offer.textContent).toContain('月額330円（税込）で自動更新')
    // Between the newest play and the next: the newest play's pictures stay on the first screen.
    const [newest, next] = screen.getAllByRole('region', { name: /ミラクルボックス/ })
    expect(newest!.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(offer.compareDocumentPosition(next!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(calls(TRIAL)).toHaveLength(1)
  })

  it("shows the photos_banner space's banner below the newest play, after the au trial's offer", async () => {
    const { calls } = stubServer('MINI', {
      [PLAYS]: () =>
        wrapperResponse({
          entity: buildPlaysPage([buildMiniPlay('AAAAA11111'), buildSavedPlay('BBBBB22222')]),
        }),
      [TRIAL]: () => wrapperResponse({ entity: trialEntity() }),
      [BANNER]: () =>
        wrapperResponse({
          entity: {
            bannerHtml:
              '<div class="banner-card"><p class="banner-title">友だちにも</p>' +
              '<a class="banner-button" href="/sp/2/puri_get/">シールIDを入力する</a></div>',
          },
        }),
    })
    const { container } = renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const link = await screen.findByRole('link', { name: 'シールIDを入力する' })
    const banner = container.querySelector('[data-banner-space="photos_banner"]') as HTMLElement
    expect(banner.contains(link)).toBe(true)
    const offer = (await screen.findByRole('link', { name: '31日間無料で試す' })).closest(
      'section',
    ) as HTMLElement
    const [newest, next] = screen.getAllByRole('region', { name: /ミラクルボックス/ })
    expect(newest!.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(offer.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(banner.compareDocumentPosition(next!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(calls(BANNER)).toHaveLength(1)
  })

  it('with nothing saved, still shows the banner, below the empty list; without one, nothing', async () => {
    stubServer('PREMIUM', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([]) }),
      [BANNER]: () => wrapperResponse({ entity: { bannerHtml: '<p class="banner-title">友だちにも</p>' } }),
    })
    const { container } = renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    expect(await screen.findByText('友だちにも')).toBeTruthy()
    cleanup()

    const empty = stubServer('PREMIUM', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('AAAAA11111')]) }),
      [BANNER]: () => wrapperResponse({ entity: { bannerHtml: null } }),
    })
    const second = renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    await screen.findByRole('region', { name: /ミラクルボックス/ })
    await waitFor(() => expect(empty.calls(BANNER)).toHaveLength(1))
    expect(second.container.querySelector('[data-banner-space]')).toBeNull()
    expect(container.isConnected).toBe(false)
  })

  it('reads its own flow: MY_PAGE NORMAL hides the offer though the trial is open; a premium member is not asked', async () => {
    const mini = stubServer('MINI', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([buildMiniPlay('AAAAA11111')]) }),
      [TRIAL]: () => wrapperResponse({ entity: trialEntity({ myPage: 'NORMAL' }) }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    await screen.findByRole('region', { name: /ミラクルボックス/ })
    await waitFor(() => expect(mini.calls(TRIAL)).toHaveLength(1))
    expect(screen.queryByRole('link', { name: '31日間無料で試す' })).toBeNull()
    cleanup()

    const premium = stubServer('PREMIUM', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('AAAAA11111')]) }),
      [TRIAL]: () => wrapperResponse({ entity: trialEntity() }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    await screen.findByRole('region', { name: /ミラクルボックス/ })
    expect(premium.calls(TRIAL)).toHaveLength(0)
    expect(screen.queryByRole('link', { name: '31日間無料で試す' })).toBeNull()
  })

  it('premium: no unsaved note, whatever the play says', async () => {
    stubServer('PREMIUM', {
      [PLAYS]: () =>
        wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('AAAAA11111', { unsavedCount: 2 })]) }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    expect(await screen.findByText('ミラクルボックス')).toBeTruthy()
    expect(screen.queryByText(/未保存/)).toBeNull()
  })

  it('loads the next page with もっと見る and appends it', async () => {
    const { calls } = stubServer('PREMIUM', {
      [PLAYS]: (url) =>
        url.endsWith('page=2')
          ? wrapperResponse({
              entity: buildPlaysPage([buildSavedPlay('CCCCC33333', { shotAt: '2026-10-01T12:00:00' })], 2, 2),
            })
          : wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('AAAAA11111')], 1, 2) }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    fireEvent.click(await screen.findByRole('button', { name: 'もっと見る' }))
    expect(await screen.findByText('10月1日')).toBeTruthy()
    expect(screen.getAllByRole('region')).toHaveLength(3)
    expect(calls(PLAYS)).toEqual(['/sp/2/mypage/plays?page=1', '/sp/2/mypage/plays?page=2'])
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull()
  })

  it('asks for the next page when the sentinel comes into view', async () => {
    let observed: IntersectionObserverCallback | null = null
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed = callback
        }
        observe() {}
        disconnect() {}
      },
    )
    const { calls } = stubServer('PREMIUM', {
      [PLAYS]: (url) =>
        url.endsWith('page=2')
          ? wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('CCCCC33333')], 2, 2) })
          : wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('AAAAA11111')], 1, 2) }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    await screen.findByRole('button', { name: 'もっと見る' })
    await waitFor(() => expect(observed).not.toBeNull())
    observed!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)
    await waitFor(() => expect(calls(PLAYS)).toContain('/sp/2/mypage/plays?page=2'))
  })

  it('with nothing saved, points at the seal-ID entry above, once', async () => {
    stubServer('MINI', { [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([], 1, 0) }) })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    expect(await screen.findByText('まだ保存したプリはありません')).toBeTruthy()
    expect(screen.getAllByRole('textbox', { name: /シールID/ })).toHaveLength(1)
    // A member's entry saves: its button says so.
    expect(screen.getByRole('button', { name: '保存する' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /シールIDを入力/ })).toBeNull()
    expect(screen.queryByRole('status', { name: /会員登録が完了しました/ })).toBeNull()
  })

  it('where a registration ended (registered=1), says that it is complete', async () => {
    stubServer('MINI', { [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([], 1, 0) }) })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/?registered=1' })
    const notice = (await screen.findByText('会員登録が完了しました')).closest('[role="status"]')
    expect(notice?.textContent).toContain('いつでもこのマイページで見られます')
  })

  it('on a load failure says so and retries', async () => {
    let calls = 0
    stubServer('PREMIUM', {
      [PLAYS]: () => {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch')
        return wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('AAAAA11111')]) })
      },
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('保存したプリを表示できませんでした。')
    expect(alert.textContent).toContain('通信できませんでした')
    fireEvent.click(screen.getByRole('button', { name: 'もう一度試す' }))
    expect(await screen.findByText('ミラクルボックス')).toBeTruthy()
  })

  it('shows the first page index.html’s boot script asked for, without waiting for the account', async () => {
    let answerAccount: (response: Response) => void = () => {}
    const { calls } = stubServer('PREMIUM', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([]) }),
    })
    window.puriboxEarly = {
      plays: Promise.resolve(
        wrapperResponse({
          entity: buildPlaysPage([
            buildSavedPlay('AAAAA11111', {
              images: [buildSavedImage(1), buildSavedImage(2), buildSavedImage(3), buildSavedImage(4)],
            }),
          ]),
        }),
      ),
      account: new Promise<Response>((resolve) => {
        answerAccount = resolve
      }),
    }
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    expect(await screen.findByText('ミラクルボックス')).toBeTruthy()
    // The first row at high priority, the rest of the first screen at once but after it.
    const thumbnails = screen.getAllByRole('img')
    expect(thumbnails.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      'high',
      'low',
    ])
    expect(thumbnails.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager'])
    expect(calls(PLAYS)).toEqual([])
    answerAccount(
      wrapperResponse({ entity: { account: { id: 'a1', official: false }, membershipStatus: 'PREMIUM' } }),
    )
    await waitFor(() => expect(window.puriboxEarly?.account).toBeUndefined())
    expect(calls('/sp/2/account/self')).toEqual([])
    window.puriboxEarly = undefined
  })

  it('sends a guest to sign in from the boot script’s 401, without an error on the way', async () => {
    stubServer('GUEST', {})
    window.puriboxEarly = {
      plays: Promise.resolve(wrapperResponse({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401)),
    }
    const { location } = renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        `/web/login/top?next=${encodeURIComponent('/sp/2/mypage/#/puri/new')}`,
      ),
    )
    expect(screen.queryByRole('alert')).toBeNull()
    window.puriboxEarly = undefined
  })

  it('sends a guest to sign in, coming back here, without asking for plays', async () => {
    const { calls } = stubServer('GUEST', { [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([]) }) })
    const { location } = renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        `/web/login/top?next=${encodeURIComponent('/sp/2/mypage/#/puri/new')}`,
      ),
    )
    expect(calls(PLAYS)).toHaveLength(0)
  })
})

describe('MypageScreen: the viewer', () => {
  const sealId = 'AAAAA11111'
  const images = [buildSavedImage(1), buildSavedImage(2), buildSavedImage(3, { rawPuri: true })]

  async function openFirst() {
    stubServer('PREMIUM', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([buildSavedPlay(sealId, { images })]) }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    fireEvent.click(await screen.findByRole('button', { name: '1枚目を大きく見る' }))
    return screen.findByRole('dialog', { name: 'プリを表示' })
  }

  it('opens from a thumbnail with the medium image and puts the picture in the address', async () => {
    const dialog = await openFirst()
    expect(window.location.hash).toBe(`#/puri/${sealId}/${images[0]!.imageId}`)
    expect(within(dialog).getByAltText('11月20日のプリ 1枚目').getAttribute('src')).toBe(images[0]!.mediumUrl)
    expect(within(dialog).getByText('1 / 3')).toBeTruthy()
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '閉じる' }))
  })

  it('Escape closes it and takes the address back to the list', async () => {
    const dialog = await openFirst()
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(window.location.hash).toBe('#/puri/new')
  })

  it('the close button closes it too', async () => {
    const dialog = await openFirst()
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('next and previous by buttons, keys and swipes, marking the raw one', async () => {
    const dialog = await openFirst()
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: '前のプリ' }).disabled).toBe(true)
    fireEvent.click(within(dialog).getByRole('button', { name: '次のプリ' }))
    expect(await within(dialog).findByText('2 / 3')).toBeTruthy()
    expect(window.location.hash).toBe(`#/puri/${sealId}/${images[1]!.imageId}`)
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(await within(dialog).findByText('3 / 3')).toBeTruthy()
    expect(within(dialog).getByText('らくがき前')).toBeTruthy()
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: '次のプリ' }).disabled).toBe(true)
    // A swipe to the right goes back one.
    const stage = within(dialog).getByTestId('image-viewer-stage')
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 100, clientY: 200 })
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 220, clientY: 205 })
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 220, clientY: 205 })
    expect(await within(dialog).findByText('2 / 3')).toBeTruthy()
    // Back still closes the viewer: moving between pictures replaced the entry instead of adding one.
    window.history.back()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(window.location.hash).toBe('#/puri/new')
  })

  it('opens straight from an address naming a picture, and closing it shows the list', async () => {
    window.history.replaceState(null, '', `/sp/2/mypage/#/puri/${sealId}/${images[1]!.imageId}`)
    stubServer('PREMIUM', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([buildSavedPlay(sealId, { images })]) }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const dialog = await screen.findByRole('dialog', { name: 'プリを表示' })
    expect(within(dialog).getByText('2 / 3')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(window.location.hash).toBe('#/puri/new')
  })

  /** A free member's page (one saved, three locked), the viewer opened from the tile named `tile`. */
  async function openMini(tile: string) {
    stubServer('MINI', {
      [PLAYS]: () =>
        wrapperResponse({
          entity: buildPlaysPage([buildMiniPlay(sealId)]),
          clock: { date: '2026-11-24T10:00:00' },
        }),
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    fireEvent.click(await screen.findByRole('button', { name: tile }))
    return screen.findByRole('dialog', { name: 'プリを表示' })
  }

  it('mini: counts the locked pictures too (1 / 4) and shows them as locked, with the way to premium', async () => {
    const dialog = await openMini('1枚目を大きく見る')
    expect(within(dialog).getByText('1 / 4')).toBeTruthy()
    expect(within(dialog).getByRole('link', { name: 'スマホに保存' })).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('button', { name: '次のプリ' }))
    expect(await within(dialog).findByText('2 / 4')).toBeTruthy()
    expect(window.location.hash).toBe(`#/puri/${sealId}/${sealId}-2`)
    expect(within(dialog).getByText('未保存')).toBeTruthy()
    expect(within(dialog).getByText('このプリは未保存です')).toBeTruthy()
    const preview = within(dialog).getByAltText('11月20日のプリ 2枚目（未保存）')
    expect(preview.getAttribute('src')).toBe(`/sp/2/images/unsaved/${sealId}-2`)
    expect(dialog.textContent).toContain('保存期限 11月26日 10:30まで（あと2日）')
    expect(
      within(dialog).getByRole('link', { name: 'プレミアム会員になって保存する' }).getAttribute('href'),
    ).toBe('/web/payment')
    // Nothing of the locked picture can be saved to the phone.
    expect(within(dialog).queryByRole('link', { name: 'スマホに保存' })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'スマホに保存' })).toBeNull()

    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(await within(dialog).findByText('4 / 4')).toBeTruthy()
    expect(within(dialog).getByText('らくがき前')).toBeTruthy()
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: '次のプリ' }).disabled).toBe(true)
  })

  it('mini: a locked tile opens the viewer on it, and so does an address naming it', async () => {
    const dialog = await openMini('3枚目（未保存）を大きく見る')
    expect(within(dialog).getByText('3 / 4')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    cleanup()

    window.history.replaceState(null, '', `/sp/2/mypage/#/puri/${sealId}/${sealId}-4`)
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    const reopened = await screen.findByRole('dialog', { name: 'プリを表示' })
    expect(within(reopened).getByText('4 / 4')).toBeTruthy()
  })

  it('without file sharing, saving to the phone is a download of the original', async () => {
    const dialog = await openFirst()
    const link = within(dialog).getByRole('link', { name: 'スマホに保存' })
    expect(link.getAttribute('href')).toBe(images[0]!.originalUrl)
    expect(link.getAttribute('download')).toBe(`${sealId}-1.jpg`)
  })
})

describe('MypageScreen: a play as a ZIP', () => {
  /** A streamed ZIP answer whose chunks the test releases one by one. */
  function streamedZip(total: number) {
    let controller!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c
      },
    })
    const response = new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'application/zip', 'Content-Length': String(total) },
    })
    return {
      response,
      push: (bytes: number) => controller.enqueue(new Uint8Array(bytes)),
      end: () => controller.close(),
    }
  }

  it('shows progress from Content-Length, then saves the file', async () => {
    const total = 4 * 1024 * 1024
    const zip = streamedZip(total)
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {})
    stubServer('PREMIUM', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('AAAAA11111')]) }),
      '/sp/2/mypage/plays/AAAAA11111/zip': () => zip.response,
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    fireEvent.click(await screen.findByRole('button', { name: 'まとめてスマホに保存（ZIP）' }))
    zip.push(total / 4)
    expect(await screen.findByText('ダウンロード中… 1.0MB / 4.0MB（25%）')).toBeTruthy()
    const bar = screen.getByRole<HTMLProgressElement>('progressbar', { name: 'ZIPファイルのダウンロード' })
    expect(bar.value).toBe(total / 4)
    expect(bar.max).toBe(total)
    zip.push((total * 3) / 4)
    zip.end()
    expect(await screen.findByText('ZIPファイルを保存しました。')).toBeTruthy()
    expect(save).toHaveBeenCalledTimes(1)
    const [blob, name] = save.mock.calls[0]!
    expect(blob.size).toBe(total)
    expect(name).toBe('puribox-AAAAA11111.zip')
  })

  it('can be cancelled', async () => {
    const zip = streamedZip(1000)
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {})
    stubServer('PREMIUM', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('AAAAA11111')]) }),
      // Like a slow line: the first chunk arrives, the rest never does.
      '/sp/2/mypage/plays/AAAAA11111/zip': () => {
        zip.push(100)
        return zip.response
      },
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    fireEvent.click(await screen.findByRole('button', { name: 'まとめてスマホに保存（ZIP）' }))
    expect(await screen.findByText('ダウンロード中… 0.0MB / 0.0MB（10%）')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }))
    expect(await screen.findByText('ダウンロードをやめました。')).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(save).not.toHaveBeenCalled()
  })

  it.each([
    [
      'a missing play',
      () => wrapperResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404),
      'このシールのプリが見つかりませんでした。',
    ],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch')), '通信できませんでした'],
    ['a server failure', () => new Response('oops', { status: 500 }), 'サーバーで問題が起きました'],
  ])('says what went wrong in Japanese: %s', async (_case, answer, text) => {
    stubServer('PREMIUM', {
      [PLAYS]: () => wrapperResponse({ entity: buildPlaysPage([buildSavedPlay('AAAAA11111')]) }),
      '/sp/2/mypage/plays/AAAAA11111/zip': answer,
    })
    renderWithProviders(<MypageScreen />, { path: '/sp/2/mypage/' })
    fireEvent.click(await screen.findByRole('button', { name: 'まとめてスマホに保存（ZIP）' }))
    expect((await screen.findByRole('alert')).textContent).toContain(text)
    expect(screen.getByRole('button', { name: 'まとめてスマホに保存（ZIP）' })).toBeTruthy()
  })
})
