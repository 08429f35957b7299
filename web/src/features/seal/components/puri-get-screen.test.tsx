// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pinClock } from '../../../testing/clock'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { PuriGetScreen } from './puri-get-screen'

const seal = {
  sealId: 'ABCDE12345',
  sealExpireDate: '2025-11-28T14:05:00',
  machine: { id: 'm1', name: 'Booth', seriesId: 's', version: '1' },
  isProof: false,
  puris: [],
}

afterEach(() => {
  vi.useRealTimers()
  cleanup()
  vi.unstubAllGlobals()
})

/** account/self answers `membership`; every other call (the seal) is answered by `seal`. */
function stubServer(membership: 'GUEST' | 'MINI' | 'PREMIUM', seal: () => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (url) =>
    String(url) === '/sp/2/account/self' ? wrapperResponse({ entity: accountStatus(membership) }) : seal(),
  )
  vi.stubGlobal('fetch', fetchMock)
  const sealCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/sp/2/seals/'))
  return { fetchMock, sealCalls }
}

/** The seal lookup answers SEAL_NOT_FOUND with where the guest stands (`penalty`, when given). */
function answerNotFound(penalty?: {
  triesLeft: number
  stopsWith: 'YELLOW' | 'RED'
  pausedUntil: string | null
}) {
  return stubServer('GUEST', () =>
    wrapperResponse({ error: { code: 'SEAL_NOT_FOUND', message: 'x', penalty } }, 404),
  )
}

describe('PuriGetScreen', () => {
  it('shows a loading state, then replaces the location with the preview', async () => {
    stubServer('GUEST', () => wrapperResponse({ entity: seal }))
    const { location } = renderWithProviders(<PuriGetScreen />, {
      path: '/sp/puri/get?sealId=abcde-12345&from=inputSealId',
    })
    expect(screen.getByRole('status').textContent).toBe('読み込み中…')
    await waitFor(() => expect(location.history).toEqual(['/web/preview?sealId=ABCDE12345&from=inputSealId']))
  })

  it('says the seal was not found and offers the form again with the ID as printed, and a way to the top', async () => {
    answerNotFound({ triesLeft: 6, stopsWith: 'YELLOW', pausedUntil: null })
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'このシールIDのプリは見つかりませんでした。シールに印刷されたシールIDと同じか、もう一度ご確認ください。',
    )
    expect(screen.queryByRole('button', { name: 'もう一度試す' })).toBeNull()
    expect(screen.getByLabelText<HTMLInputElement>('シールID').value).toBe('ABCDE-12345')
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/sp/top/menu')
  })

  it.each([
    [3, 'あと3回まちがえると、しばらくシールIDを入力できなくなります。'],
    [2, 'あと2回まちがえると、しばらくシールIDを入力できなくなります。'],
    [1, 'あと1回まちがえると、しばらくシールIDを入力できなくなります。'],
  ])('warns with %i tries left before the pause, and still offers the form', async (triesLeft, warning) => {
    answerNotFound({ triesLeft, stopsWith: 'YELLOW', pausedUntil: null })
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('このシールIDのプリは見つかりませんでした。')
    expect(alert.textContent).toContain(warning)
    expect(screen.getByLabelText<HTMLInputElement>('シールID').value).toBe('ABCDE-12345')
  })

  it('warns a member that what comes next is RED when the day runs out first', async () => {
    answerNotFound({ triesLeft: 2, stopsWith: 'RED', pausedUntil: null })
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    expect((await screen.findByRole('alert')).textContent).toContain(
      'あと2回まちがえると、このアカウントではシールIDを入力できなくなります。',
    )
  })

  it('does not warn while more tries are left, nor when the answer does not say', async () => {
    for (const penalty of [{ triesLeft: 4, stopsWith: 'YELLOW', pausedUntil: null } as const, undefined]) {
      answerNotFound(penalty)
      renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
      expect((await screen.findByRole('alert')).textContent).not.toContain('まちがえると')
      cleanup()
    }
  })

  it('when the ID just typed started the pause: not found, then until when, and no form', async () => {
    answerNotFound({ triesLeft: 0, stopsWith: 'YELLOW', pausedUntil: '2026-11-20T18:40:00' })
    pinClock(new Date('2026-11-20T17:40:00+09:00'))
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('このシールIDのプリは見つかりませんでした。')
    expect(alert.textContent).toContain(
      'まちがったシールIDの入力が続いたため、しばらくシールIDを入力できません。',
    )
    expect(alert.textContent).toContain('18:40から入力できます。')
    expect(screen.queryByLabelText('シールID')).toBeNull()
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/sp/top/menu')
  })

  it('on a network failure asks to check the connection and retries on demand', async () => {
    let calls = 0
    const { sealCalls } = stubServer('GUEST', () => {
      calls += 1
      if (calls === 1) throw new TypeError('Failed to fetch')
      return wrapperResponse({ entity: seal })
    })
    const { location } = renderWithProviders(<PuriGetScreen />, {
      path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId',
    })
    expect((await screen.findByRole('alert')).textContent).toContain('通信できませんでした')
    fireEvent.click(screen.getByRole('button', { name: 'もう一度試す' }))
    await waitFor(() => expect(location.history).toEqual(['/web/preview?sealId=ABCDE12345&from=inputSealId']))
    expect(sealCalls()).toHaveLength(2)
  })

  it('does not ask the server about a malformed ID', () => {
    const { sealCalls } = stubServer('GUEST', () => wrapperResponse({ entity: seal }))
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=nope&from=inputSealId' })
    expect(screen.getByRole('alert').textContent).toContain('シールIDの形が正しくありません')
    expect(sealCalls()).toHaveLength(0)
  })

  it('on YELLOW explains the pause and the clock time it ends, links to the penalty page and offers no form', async () => {
    const penalty = { triesLeft: 0, stopsWith: 'YELLOW', pausedUntil: '2026-11-20T18:40:00' }
    stubServer('GUEST', () =>
      wrapperResponse({ error: { code: 'PURIGET_PENALTY_YELLOW', message: 'x', penalty } }, 429, {
        'Retry-After': '700',
      }),
    )
    pinClock(new Date('2026-11-20T18:28:20+09:00'))
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      'まちがったシールIDの入力が続いたため、しばらくシールIDを入力できません。',
    )
    expect(alert.textContent).toContain('18:40から入力できます。')
    expect(alert.textContent).not.toContain('このシールIDのプリは見つかりませんでした。')
    expect(alert.textContent).not.toContain('1時間')
    const about = within(alert).getByRole('link', { name: 'ペナルティについて詳しく見る' })
    expect(about.getAttribute('href')).toBe('/sp/common/aboutPenalty')
    expect(screen.queryByLabelText('シールID')).toBeNull()
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/sp/top/menu')
  })

  it('on YELLOW without a Retry-After or a standing says it lasts an hour at most', async () => {
    stubServer('GUEST', () =>
      wrapperResponse({ error: { code: 'PURIGET_PENALTY_YELLOW', message: 'x' } }, 429),
    )
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    expect((await screen.findByRole('alert')).textContent).toContain(
      '1時間以内に、また入力できるようになります。',
    )
  })

  it('on RED says getting is stopped and points to the inquiry', async () => {
    stubServer('GUEST', () => wrapperResponse({ error: { code: 'PURIGET_PENALTY_RED', message: 'x' } }, 403))
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('このアカウントではシールIDを入力できなくなっています')
    expect(
      within(alert).getByRole('link', { name: 'ペナルティについて詳しく見る' }).getAttribute('href'),
    ).toBe('/sp/common/aboutPenalty')
    expect(screen.getByRole('link', { name: 'お問い合わせする' }).getAttribute('href')).toBe(
      '/sp/common/inquiry#/input/penalty',
    )
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/sp/top/menu')
    expect(screen.queryByLabelText('シールID')).toBeNull()
  })

  it.each([
    [
      'MINI',
      '/sp/puri/get?sealId=abcde-12345&from=inputSealId',
      '/web/mypage?sealId=ABCDE12345&from=inputSealId',
    ],
    [
      'PREMIUM',
      '/sp/puri/get?sealId=abcde-12345&from=inputSealId',
      '/web/mypage?sealId=ABCDE12345&from=inputSealId',
    ],
    ['MINI', '/sp/puri/get?sealId=ABCDE12345', '/web/mypage?sealId=ABCDE12345'],
  ] as const)(
    'sends a %s member at %s on to save it, without looking the seal up here',
    async (membership, path, saveAt) => {
      const { sealCalls } = stubServer(membership, () => wrapperResponse({ entity: seal }))
      const { location } = renderWithProviders(<PuriGetScreen />, { path })
      await waitFor(() => expect(location.history).toEqual([saveAt]))
      expect(sealCalls()).toHaveLength(0)
    },
  )

  it('asks for the seal only once it knows the viewer is a guest', async () => {
    let answerAccount: (response: Response) => void = () => {}
    const fetchMock = vi.fn<typeof fetch>((url) =>
      String(url) === '/sp/2/account/self'
        ? new Promise<Response>((resolve) => {
            answerAccount = resolve
          })
        : Promise.resolve(wrapperResponse({ entity: seal })),
    )
    vi.stubGlobal('fetch', fetchMock)
    const { location } = renderWithProviders(<PuriGetScreen />, {
      path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId',
    })
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/sp/2/account/self')
    answerAccount(wrapperResponse({ entity: accountStatus('GUEST') }))
    await waitFor(() => expect(location.history).toEqual(['/web/preview?sealId=ABCDE12345&from=inputSealId']))
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/sp/2/account/self',
      // Where the ID came from goes with the lookup, which counts it (decision 0043).
      '/sp/2/seals/ABCDE12345?from=inputSealId',
    ])
  })

  it('still looks the seal up when who is looking cannot be asked', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (url) => {
      if (String(url) === '/sp/2/account/self') throw new TypeError('Failed to fetch')
      return wrapperResponse({ entity: seal })
    })
    vi.stubGlobal('fetch', fetchMock)
    const { location } = renderWithProviders(<PuriGetScreen />, {
      path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId',
    })
    await waitFor(() => expect(location.history).toEqual(['/web/preview?sealId=ABCDE12345&from=inputSealId']))
  })

  describe('opened from the QR code on the sheet (from=qr)', () => {
    const scanned = '/sp/puri/get?sealId=ABCDE12345&from=qr'

    it.each(['GUEST', 'MINI', 'PREMIUM'] as const)(
      'shows a %s the pictures at once: no form to compare, no tap, one lookup that says it was scanned',
      async (membership) => {
        const { fetchMock, sealCalls } = stubServer(membership, () => wrapperResponse({ entity: seal }))
        const { location } = renderWithProviders(<PuriGetScreen />, { path: scanned })
        expect(screen.queryByLabelText('シールID')).toBeNull()
        await waitFor(() => expect(location.history).toEqual(['/web/preview?sealId=ABCDE12345&from=qr']))
        await waitFor(() =>
          expect(sealCalls().map(([url]) => String(url))).toEqual(['/sp/2/seals/ABCDE12345?from=qr']),
        )
        // A member saves from the preview, with a tap: opening the address saves nothing.
        expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
      },
    )

    it('says a malformed scanned ID is malformed, and asks the server nothing', () => {
      const { sealCalls } = stubServer('GUEST', () => wrapperResponse({ entity: seal }))
      renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=nope&from=qr' })
      expect(screen.getByRole('alert').textContent).toContain('シールIDの形が正しくありません')
      expect(sealCalls()).toHaveLength(0)
    })
  })
})

describe('PuriGetScreen: the au trial on the landing (its flow PURIGET_LP)', () => {
  const TRIAL = '/sp/2/payment/trial'

  /** account/self answers `membership`; the trial is offered, PURIGET_LP as given; the rest is 404. */
  function stubTrial(membership: 'GUEST' | 'MINI' | 'PREMIUM', purigetLp: 'TRIAL' | 'NORMAL') {
    const flow = (flowName: string, caseName = 'TRIAL') => ({ flowName, caseName })
    const { fetchMock } = stubServer(membership, async () => {
      const url = String(fetchMock.mock.calls.at(-1)?.[0])
      if (url !== TRIAL) return wrapperResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404)
      return wrapperResponse({
        entity: {
          canAdmit: true,
          canTrial: true,
          endDate: '2025-12-26T10:00:00',
          reason: null,
          trialDays: 31,
          trialJudge: flow('TRIAL_JUDGE'),
          puriGrid: flow('PURI_GRID'),
          myPage: flow('MY_PAGE'),
          purigetLp: flow('PURIGET_LP', purigetLp),
        },
      })
    })
    return () => fetchMock.mock.calls.filter(([url]) => String(url) === TRIAL)
  }

  it('offers a free member the au trial under the seal-ID form, with a link to its start', async () => {
    stubTrial('MINI', 'TRIAL')
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get' })
    const link = await screen.findByRole('link', { name: '31日間無料で試す' })
    expect(link.getAttribute('href')).toBe('/sp/auoneadmit/au_trial_start')
    const offer = link.closest('section') as HTMLElement
    expect(within(offer).getByRole('heading').textContent).toBe('いまなら31日間無料')
    const form = screen.getByRole('textbox', { name: 'シールID' })
    expect(form.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('reads its own flow: PURIGET_LP NORMAL hides it though the trial is open; guests and premium members are not asked', async () => {
    const miniCalls = stubTrial('MINI', 'NORMAL')
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get' })
    await screen.findByRole('textbox', { name: 'シールID' })
    await waitFor(() => expect(miniCalls()).toHaveLength(1))
    expect(screen.queryByRole('link', { name: '31日間無料で試す' })).toBeNull()
    cleanup()

    for (const membership of ['GUEST', 'PREMIUM'] as const) {
      const calls = stubTrial(membership, 'TRIAL')
      renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get' })
      await screen.findByRole('textbox', { name: 'シールID' })
      await waitFor(() => expect(screen.queryAllByRole('status')).toHaveLength(0))
      expect(calls()).toHaveLength(0)
      expect(screen.queryByRole('link', { name: '31日間無料で試す' })).toBeNull()
      cleanup()
    }
  })
})
