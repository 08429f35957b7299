// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordClock } from '../../../lib/clock'
import { pinClock } from '../../../testing/clock'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { useAccountSelf } from '../../account/api/get-account-self'
import { buildMiniPlay, buildPlaysPage } from '../testing/plays'
import { SaveSealScreen } from './save-seal-screen'

afterEach(() => {
  vi.useRealTimers()
  cleanup()
  vi.unstubAllGlobals()
  recordClock(null)
})

const registration = {
  sealId: 'ABCDE12345',
  sealExpireDate: '2026-11-27T11:00:00',
  machine: { id: 'm1', name: 'テスト機', seriesId: 's', version: '1' },
  registeredAt: '2026-11-20T12:00:00',
  alreadyRegistered: false,
  savedCount: 1,
  unsavedCount: 5,
  noFreePuriReason: null,
}

/**
 * The save's answer as the server sends it while time travel is on (the registration's date), so
 * that the deadline reads the same whatever day the tests run.
 */
async function withClock(response: Response): Promise<Response> {
  if (!response.ok) return response
  const body = await response.json()
  return wrapperResponse({ ...body, clock: { date: '2026-11-20T12:00:00' } })
}

/** A fetch answering account/self with `membership` and the save with `save` (or its error). */
function stubServer(
  membership: 'GUEST' | 'MINI' | 'PREMIUM',
  save: () => Response | Promise<Response>,
  plays?: () => Response,
) {
  const fetchMock = vi.fn<typeof fetch>(async (url) => {
    const path = String(url).split('?')[0] ?? ''
    if (path === '/sp/2/account/self') return wrapperResponse({ entity: accountStatus(membership) })
    if (path.endsWith('/registrations')) return withClock(await save())
    if (plays && path.startsWith('/sp/2/mypage/plays')) return plays()
    return wrapperResponse({ entity: null, error: { code: 'NOT_FOUND', message: 'x' } }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  const saves = () =>
    fetchMock.mock.calls.filter(([url]) => (String(url).split('?')[0] ?? '').endsWith('/registrations'))
  return { fetchMock, saves }
}

/** Mounts its children once the account status is known: StrictMode's double effect then meets a member. */
function AfterAccount({ children }: { children: ReactNode }) {
  return useAccountSelf().data ? children : null
}

const SAVE_PATH = '/web/mypage?sealId=abcde-12345&from=inputSealId'

describe('SaveSealScreen', () => {
  it('mini: saves once (StrictMode too), says one was saved free, how many are unsaved until when, and pitches premium', async () => {
    const { saves } = stubServer('MINI', () => wrapperResponse({ entity: registration }))
    const { location } = renderWithProviders(
      <StrictMode>
        <AfterAccount>
          <SaveSealScreen />
        </AfterAccount>
      </StrictMode>,
      { path: SAVE_PATH },
    )
    expect(await screen.findByText('1枚を無料で保存しました。')).toBeTruthy()
    expect(
      screen.getByText('残りの5枚は未保存です。保存期限までにプレミアム会員になると、すべて保存されます。'),
    ).toBeTruthy()
    // The one deadline rule: the day before the seal expires (11月27日 11:00), counted from the clock.
    expect(screen.getByText('保存期限').nextElementSibling?.textContent).toBe('11月26日 11:00まで（あと6日）')
    expect(
      screen
        .getByRole('link', { name: 'プレミアム会員になって、すべてのプリを保存する' })
        .getAttribute('href'),
    ).toBe('/web/payment')
    await waitFor(() => expect(location.history.at(-1)).toBe('/web/mypage?sealId=ABCDE12345'))
    expect(saves()).toHaveLength(1)
    const [url, init] = saves()[0]!
    // Where the ID came from goes with the save, which counts it (decision 0043).
    expect(url).toBe('/sp/2/seals/ABCDE12345/registrations?from=inputSealId')
    expect((init as RequestInit).method).toBe('POST')
  })

  it('where a registration ended: says it is complete, shows the saved picture and the locked ones, and keeps saying so', async () => {
    const sealId = 'ABCDE12345'
    stubServer(
      'MINI',
      () => wrapperResponse({ entity: { ...registration, unsavedCount: 3 } }),
      () => wrapperResponse({ entity: buildPlaysPage([buildMiniPlay(sealId)]) }),
    )
    const { location } = renderWithProviders(<SaveSealScreen />, { path: `${SAVE_PATH}&registered=1` })
    expect((await screen.findByText('会員登録が完了しました')).closest('[role="status"]')).not.toBeNull()
    expect(await screen.findByText('1枚を無料で保存しました。')).toBeTruthy()
    // The pictures themselves: the saved one, and the three unsaved ones locked beside it.
    expect(await screen.findByRole('button', { name: '1枚目を大きく見る' })).toBeTruthy()
    expect(screen.getAllByText('未保存')).toHaveLength(3)
    // Said once: the pictures carry the deadline; the facts above no longer repeat it.
    expect(screen.getAllByText(/保存期限/)).toHaveLength(1)
    expect(screen.getAllByRole('link', { name: /プレミアム会員/ })).toHaveLength(1)
    await waitFor(() => expect(location.history.at(-1)).toBe('/web/mypage?sealId=ABCDE12345&registered=1'))
    fireEvent.click(screen.getByRole('button', { name: '1枚目を大きく見る' }))
    expect(location.history.at(-1)).toBe(`/sp/2/mypage/#/puri/${sealId}/00000000-0000-4000-8000-000000000001`)
  })

  it('premium: all saved, no pitch', async () => {
    stubServer('PREMIUM', () =>
      wrapperResponse({ entity: { ...registration, savedCount: 6, unsavedCount: 0 } }),
    )
    renderWithProviders(<SaveSealScreen />, { path: SAVE_PATH })
    expect(await screen.findByText('すべてのプリ（6枚）を保存しました。')).toBeTruthy()
    expect(screen.queryByText(/未保存/)).toBeNull()
    expect(screen.queryByRole('link', { name: /プレミアム会員になって/ })).toBeNull()
  })

  it('mini, a seal of proof samples: says nothing was saved and why, that it is registered, and offers premium', async () => {
    stubServer('MINI', () =>
      wrapperResponse({
        entity: { ...registration, savedCount: 0, unsavedCount: 4, noFreePuriReason: 'PROOF_SAMPLES' },
      }),
    )
    renderWithProviders(<SaveSealScreen />, { path: SAVE_PATH })
    expect(await screen.findByText('このシールには、無料で保存できるプリがありませんでした。')).toBeTruthy()
    expect(screen.getByText(/このシールのプリは、プリ機の見本（お試しで撮ったもの）です。/)).toBeTruthy()
    expect(
      screen.getByText(
        'このシールをマイページに追加しました。保存期限までにプレミアム会員になると、4枚すべてが保存されます。',
      ),
    ).toBeTruthy()
    expect(screen.getByText('保存期限').nextElementSibling?.textContent).toBe('11月26日 11:00まで（あと6日）')
    expect(screen.queryByText(/0枚/)).toBeNull()
    expect(
      screen
        .getByRole('link', { name: 'プレミアム会員になって、すべてのプリを保存する' })
        .getAttribute('href'),
    ).toBe('/web/payment')
    expect(screen.getByRole('link', { name: 'プレビューでプリを見る' }).getAttribute('href')).toBe(
      '/web/preview?sealId=ABCDE12345',
    )
  })

  it('mini, re-saving a seal of raw puris only: says it is registered already, and why nothing is saved', async () => {
    stubServer('MINI', () =>
      wrapperResponse({
        entity: {
          ...registration,
          alreadyRegistered: true,
          savedCount: 0,
          unsavedCount: 2,
          noFreePuriReason: 'RAW_ONLY',
        },
      }),
    )
    renderWithProviders(<SaveSealScreen />, { path: '/web/mypage?sealId=ABCDE12345' })
    expect(await screen.findByText('このシールには、無料で保存できるプリがありませんでした。')).toBeTruthy()
    expect(screen.getByText(/らくがき前のプリしかありません。/)).toBeTruthy()
    expect(screen.getByText(/このシールはマイページに追加済みです。保存期限までに/)).toBeTruthy()
    expect(screen.queryByText('このシールのプリは保存済みです。')).toBeNull()
  })

  it('premium, a seal of proof samples: all saved as usual', async () => {
    stubServer('PREMIUM', () =>
      wrapperResponse({
        entity: { ...registration, savedCount: 4, unsavedCount: 0, noFreePuriReason: 'PROOF_SAMPLES' },
      }),
    )
    renderWithProviders(<SaveSealScreen />, { path: SAVE_PATH })
    expect(await screen.findByText('すべてのプリ（4枚）を保存しました。')).toBeTruthy()
    expect(screen.queryByText(/無料で保存できるプリ/)).toBeNull()
  })

  it('re-save says it is already saved', async () => {
    stubServer('MINI', () => wrapperResponse({ entity: { ...registration, alreadyRegistered: true } }))
    renderWithProviders(<SaveSealScreen />, { path: '/web/mypage?sealId=ABCDE12345' })
    expect(await screen.findByText('このシールのプリは保存済みです。')).toBeTruthy()
  })

  it.each([
    ['SEAL_NOT_FOUND', 404, 'このシールIDのプリは見つかりませんでした。'],
    ['SEAL_EXPIRED', 410, 'このシールは保存期限を過ぎたため、プリを見ることも保存することもできません。'],
    ['SEAL_FULL', 409, '保存できる人数がいっぱいのため'],
    [
      'SEAL_HIDDEN',
      403,
      'このシールは現在、公開を停止しているため、プリを見ることも保存することもできません。',
    ],
  ])('says %s in Japanese and shows the ID again as printed', async (code, status, text) => {
    stubServer('MINI', () => wrapperResponse({ error: { code, message: 'x' } }, status))
    renderWithProviders(<SaveSealScreen />, { path: SAVE_PATH })
    expect((await screen.findByRole('alert')).textContent).toContain(text)
    expect(screen.getByLabelText<HTMLInputElement>('シールID').value).toBe('ABCDE-12345')
    // Typed again here, the ID is saved, and the button says so.
    expect(screen.getByRole('button', { name: '保存する' })).toBeTruthy()
  })

  it('warns a member when few tries are left before the penalty', async () => {
    const penalty = { triesLeft: 1, stopsWith: 'YELLOW', pausedUntil: null }
    stubServer('MINI', () =>
      wrapperResponse({ error: { code: 'SEAL_NOT_FOUND', message: 'x', penalty } }, 404),
    )
    renderWithProviders(<SaveSealScreen />, { path: SAVE_PATH })
    expect((await screen.findByRole('alert')).textContent).toContain(
      'あと1回まちがえると、しばらくシールIDを入力できなくなります。',
    )
  })

  it('on YELLOW says the clock time the pause ends, from the answer', async () => {
    const penalty = { triesLeft: 0, stopsWith: 'YELLOW', pausedUntil: '2026-11-20T18:39:05' }
    stubServer('MINI', () =>
      wrapperResponse({ error: { code: 'PURIGET_PENALTY_YELLOW', message: 'x', penalty } }, 429, {
        'Retry-After': '45',
      }),
    )
    pinClock(new Date('2026-11-20T18:38:20+09:00'))
    renderWithProviders(<SaveSealScreen />, { path: SAVE_PATH })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('しばらくシールIDを入力できません。')
    expect(alert.textContent).toContain('18:40から入力できます。')
  })

  it('a malformed ID is not sent', async () => {
    const { saves } = stubServer('MINI', () => wrapperResponse({ entity: registration }))
    renderWithProviders(<SaveSealScreen />, { path: '/web/mypage?sealId=abc&from=inputSealId' })
    expect((await screen.findByRole('alert')).textContent).toContain('シールIDの形が正しくありません')
    expect(saves()).toHaveLength(0)
  })

  it('on a network failure offers a retry that saves', async () => {
    let calls = 0
    const { saves } = stubServer('MINI', () => {
      calls += 1
      if (calls === 1) throw new TypeError('Failed to fetch')
      return wrapperResponse({ entity: registration })
    })
    renderWithProviders(<SaveSealScreen />, { path: SAVE_PATH })
    expect((await screen.findByRole('alert')).textContent).toContain('通信できませんでした')
    fireEvent.click(screen.getByRole('button', { name: 'もう一度試す' }))
    expect(await screen.findByText('1枚を無料で保存しました。')).toBeTruthy()
    expect(saves()).toHaveLength(2)
  })

  it('sends a guest to the puri-get page (which previews) without saving', async () => {
    const { saves } = stubServer('GUEST', () => wrapperResponse({ entity: registration }))
    const { location } = renderWithProviders(<SaveSealScreen />, { path: SAVE_PATH })
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/sp/puri/get?sealId=ABCDE12345&from=inputSealId'),
    )
    expect(saves()).toHaveLength(0)
  })
})
