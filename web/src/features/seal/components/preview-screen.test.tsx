// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pinClock } from '../../../testing/clock'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import type { SealSet } from '../api/get-seal'
import { PreviewScreen, SealPreview, splitPuris } from './preview-screen'

afterEach(() => {
  vi.useRealTimers()
  cleanup()
  vi.unstubAllGlobals()
})

/** account/self answers `membership`; the seal (or anything else) is answered by `seal`. */
function stubServer(
  membership: 'GUEST' | 'MINI' | 'PREMIUM',
  seal: () => Response = () => wrapperResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404),
) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (url) =>
      String(url) === '/sp/2/account/self' ? wrapperResponse({ entity: accountStatus(membership) }) : seal(),
    ),
  )
}

beforeEach(() => {
  stubServer('GUEST')
})

function puri(number: number, options: { raw?: boolean; sample?: boolean } = {}) {
  return {
    number,
    thumbnailUrl: `/sp/puri/thum.jpg?sealId=ABCDE12345&number=${number}`,
    qvgaUrl: `/sp/puri/thum.jpg?sealId=ABCDE12345&number=${number}`,
    available: ['PREVIEW' as const],
    rakugaki: { isRawPuri: options.raw ?? false, rawPuriImageNumber: options.raw ? number - 4 : null },
    isProofSample: options.sample ?? false,
  }
}

function sealSet(overrides: Partial<SealSet> = {}): SealSet {
  return {
    sealId: 'ABCDE12345',
    sealExpireDate: '2025-11-28T14:05:00',
    machine: { id: 'm1', name: 'ときめきBOX', seriesId: 's1', version: '1' },
    isProof: false,
    puris: [puri(5, { raw: true }), puri(2), puri(3, { sample: true }), puri(1)],
    clock: null,
    ...overrides,
  }
}

describe('splitPuris', () => {
  it('puts regular puris first, then samples, and raw puris apart', () => {
    const { shown, raw } = splitPuris(sealSet().puris)
    expect(shown.map((p) => p.number)).toEqual([1, 2, 3])
    expect(raw.map((p) => p.number)).toEqual([5])
  })
})

describe('SealPreview', () => {
  const realNow = new Date('2025-11-25T01:00:00Z') // 2025-11-25 10:00 in Japan

  it('shows the formatted ID, the machine and the save-by moment (a day before expiry) from the real time', () => {
    renderWithProviders(<SealPreview seal={sealSet()} realNow={realNow} />)
    expect(screen.getByText('ABCDE-12345')).toBeTruthy()
    expect(screen.getByText('ときめきBOX')).toBeTruthy()
    expect(screen.getByText('あと2日').className).not.toContain('--soon')
    expect(screen.getByText('11月27日 14:05まで')).toBeTruthy()
  })

  it('counts from the clock when time travel is on: on the last day, the clock time and hours left', () => {
    renderWithProviders(
      <SealPreview seal={sealSet({ clock: { date: '2025-11-28T09:00:00' } })} realNow={realNow} />,
    )
    expect(screen.getByText('あと5時間').className).toContain('seal-summary__days--soon')
    expect(screen.getByText('本日 14:05まで')).toBeTruthy()
    expect(screen.queryByText(/日$/)).toBeNull()
  })

  it('says when the saving period is over', () => {
    renderWithProviders(
      <SealPreview seal={sealSet({ clock: { date: '2025-11-29T00:00:00' } })} realNow={realNow} />,
    )
    expect(screen.getByText('保存期限を過ぎました')).toBeTruthy()
  })

  it('lists regular puris first and raw puris in a premium-only section, with sized lazy images', () => {
    renderWithProviders(<SealPreview seal={sealSet()} realNow={realNow} />)
    const regular = screen.getByRole('region', { name: '撮ったプリ' })
    const images = within(regular).getAllByRole('img')
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'プリ1枚目のプレビュー',
      'プリ2枚目のプレビュー',
      'プリ3枚目のプレビュー',
    ])
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy'])
    for (const img of images) {
      expect(img.getAttribute('width')).toBeTruthy()
      expect(img.getAttribute('height')).toBeTruthy()
      expect(img.getAttribute('decoding')).toBe('async')
    }
    const raw = screen.getByRole('region', { name: /らくがき前のプリ/ })
    expect(within(raw).getByText('プレミアム会員限定')).toBeTruthy()
    expect(within(raw).getAllByRole('img')).toHaveLength(1)
  })

  it('explains registration with the premium price; signing up or in goes on to save this seal', () => {
    const seal = sealSet()
    renderWithProviders(<SealPreview seal={seal} realNow={realNow} />)
    expect(screen.getByText('月額330円（税込）')).toBeTruthy()
    const save = encodeURIComponent(`/web/mypage?sealId=${seal.sealId}&from=inputSealId`)
    expect(screen.getByRole('link', { name: '会員登録' }).getAttribute('href')).toBe(
      `/sp/account/register_email?next=${save}`,
    )
    expect(screen.getByRole('link', { name: 'ログインして保存' }).getAttribute('href')).toBe(
      `/web/login/top?next=${save}`,
    )
  })

  it('carries where the person came from (the QR code) through signing up or in to saving', () => {
    const seal = sealSet()
    renderWithProviders(<SealPreview seal={seal} realNow={realNow} from="qr" />)
    const save = encodeURIComponent(`/web/mypage?sealId=${seal.sealId}&from=qr`)
    expect(screen.getByRole('link', { name: '会員登録' }).getAttribute('href')).toBe(
      `/sp/account/register_email?next=${save}`,
    )
    expect(screen.getByRole('link', { name: 'ログインして保存' }).getAttribute('href')).toBe(
      `/web/login/top?next=${save}`,
    )
  })
})

describe('SealPreview for a member', () => {
  const realNow = new Date('2025-11-25T01:00:00Z')

  it('mini: offers to save the free puri instead of registering', async () => {
    stubServer('MINI')
    renderWithProviders(<SealPreview seal={sealSet()} realNow={realNow} />)
    const save = await screen.findByRole('link', { name: '1枚目を無料で保存する' })
    expect(save.getAttribute('href')).toBe('/web/mypage?sealId=ABCDE12345')
    expect(screen.getByText(/このシールでは1枚目のプリを無料で保存できます。/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: '会員登録' })).toBeNull()
    expect(screen.queryByText(/会員登録すると/)).toBeNull()
  })

  it('premium: offers to save them all', async () => {
    stubServer('PREMIUM')
    renderWithProviders(<SealPreview seal={sealSet()} realNow={realNow} />)
    expect((await screen.findByRole('link', { name: 'すべてのプリを保存する' })).getAttribute('href')).toBe(
      '/web/mypage?sealId=ABCDE12345',
    )
    // The raw puris are theirs too: no "become premium" under them.
    expect(
      screen.getByText('らくがきする前のプリです。プレミアム会員なので、これも保存できます。'),
    ).toBeTruthy()
    expect(screen.queryByText(/プレミアム会員になると保存できます/)).toBeNull()
    expect(screen.queryByText('プレミアム会員限定')).toBeNull()
  })

  it.each([
    [
      'proof samples',
      [puri(1, { sample: true }), puri(2, { sample: true }), puri(5, { raw: true })],
      'このシールのプリは、プリ機の見本（お試しで撮ったもの）です。',
    ],
    ['raw puris only', [puri(5, { raw: true }), puri(6, { raw: true })], 'らくがき前のプリしかありません。'],
  ])(
    'mini, a seal of %s: says why nothing is free, offers premium, and registering for later',
    async (_, puris, why) => {
      stubServer('MINI')
      renderWithProviders(<SealPreview seal={sealSet({ puris })} realNow={realNow} />)
      const panel = await screen.findByRole('region', {
        name: 'このシールには、無料で保存できるプリがありません',
      })
      expect(panel.textContent).toContain(why)
      expect(
        within(panel)
          .getByRole('link', { name: 'プレミアム会員になって、すべてのプリを保存する' })
          .getAttribute('href'),
      ).toBe('/web/payment')
      expect(panel.textContent).toContain(
        '11月27日 14:05までにプレミアム会員になったとき、このシールのプリがすべて保存されます。',
      )
      expect(within(panel).getByRole('link', { name: 'マイページに追加しておく' }).getAttribute('href')).toBe(
        '/web/mypage?sealId=ABCDE12345',
      )
      expect(screen.queryByRole('link', { name: /無料で保存する/ })).toBeNull()
    },
  )

  it('premium, a seal of proof samples: saves them all as usual', async () => {
    stubServer('PREMIUM')
    renderWithProviders(
      <SealPreview
        seal={sealSet({ puris: [puri(1, { sample: true }), puri(2, { sample: true })] })}
        realNow={realNow}
      />,
    )
    expect(await screen.findByRole('link', { name: 'すべてのプリを保存する' })).toBeTruthy()
    expect(screen.queryByText(/無料で保存できるプリがありません/)).toBeNull()
  })
})

describe('PreviewScreen', () => {
  it('shows the Japanese message for an expired seal and the form again, prefilled', async () => {
    stubServer('GUEST', () => wrapperResponse({ error: { code: 'SEAL_EXPIRED', message: 'expired' } }, 410))
    renderWithProviders(<PreviewScreen />, { path: '/web/preview?sealId=abcde-12345' })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'このシールは保存期限を過ぎたため、プリを見ることも保存することもできません。',
    )
    expect(screen.getByLabelText<HTMLInputElement>('シールID').value).toBe('ABCDE-12345')
  })

  it('on YELLOW without the standing says the clock time from Retry-After, rounded up to the minute', async () => {
    stubServer('GUEST', () =>
      wrapperResponse({ error: { code: 'PURIGET_PENALTY_YELLOW', message: 'x' } }, 429, {
        'Retry-After': '3601',
      }),
    )
    pinClock(new Date('2026-11-20T23:30:00+09:00'))
    renderWithProviders(<PreviewScreen />, { path: '/web/preview?sealId=abcde-12345' })
    expect((await screen.findByRole('alert')).textContent).toContain('明日 00:31から入力できます。')
    expect(screen.queryByLabelText('シールID')).toBeNull()
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/sp/top/menu')
  })
})

describe('SealPreview: the au trial on the puri grid (its flow PURI_GRID)', () => {
  const realNow = new Date('2025-11-25T01:00:00Z')
  const TRIAL = '/sp/2/payment/trial'

  /** account/self answers `membership`, the trial answers as given (offered, PURI_GRID in `puriGrid`). */
  function stubTrial(membership: 'MINI' | 'PREMIUM', puriGrid: 'TRIAL' | 'NORMAL') {
    const fetchMock = vi.fn<typeof fetch>(async (url) => {
      if (String(url) === '/sp/2/account/self') return wrapperResponse({ entity: accountStatus(membership) })
      if (String(url) !== TRIAL) return wrapperResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404)
      const flow = (flowName: string, caseName = 'TRIAL') => ({ flowName, caseName })
      return wrapperResponse({
        entity: {
          canAdmit: true,
          canTrial: true,
          endDate: '2025-12-26T10:00:00',
          reason: null,
          trialDays: 31,
          trialJudge: flow('TRIAL_JUDGE'),
          puriGrid: flow('PURI_GRID', puriGrid),
          myPage: flow('MY_PAGE'),
          purigetLp: flow('PURIGET_LP'),
        },
      })
    })
    vi.stubGlobal('fetch', fetchMock)
    return () => fetchMock.mock.calls.filter(([url]) => String(url) === TRIAL)
  }

  it('offers a free member the au trial below saving, with a link to its start', async () => {
    stubTrial('MINI', 'TRIAL')
    renderWithProviders(<SealPreview seal={sealSet()} realNow={realNow} />)
    const link = await screen.findByRole('link', { name: '31日間無料で試す' })
    expect(link.getAttribute('href')).toBe('/sp/auoneadmit/au_trial_start')
    const offer = link.closest('section') as HTMLElement
    expect(within(offer).getByText('au限定・はじめての方')).toBeTruthy()
    expect(within(offer).getByRole('heading').textContent).toBe('いまなら31日間無料')
    const save = screen.getByRole('link', { name: '1枚目を無料で保存する' })
    expect(save.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('reads its own flow: PURI_GRID NORMAL hides it though the trial is open; a premium member is not asked', async () => {
    const miniCalls = stubTrial('MINI', 'NORMAL')
    renderWithProviders(<SealPreview seal={sealSet()} realNow={realNow} />)
    await screen.findByRole('link', { name: '1枚目を無料で保存する' })
    await waitFor(() => expect(miniCalls()).toHaveLength(1))
    expect(screen.queryByRole('link', { name: '31日間無料で試す' })).toBeNull()
    cleanup()

    const premiumCalls = stubTrial('PREMIUM', 'TRIAL')
    renderWithProviders(<SealPreview seal={sealSet()} realNow={realNow} />)
    await screen.findByRole('link', { name: 'すべてのプリを保存する' })
    expect(premiumCalls()).toHaveLength(0)
    expect(screen.queryByRole('link', { name: '31日間無料で試す' })).toBeNull()
  })
})
