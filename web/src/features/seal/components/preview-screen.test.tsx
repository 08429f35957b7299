// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import type { SealSet } from '../api/get-seal'
import { PreviewScreen, SealPreview, splitPuris } from './preview-screen'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
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

  it('shows the formatted ID, the machine and days left from the real time without a clock', () => {
    renderWithProviders(<SealPreview seal={sealSet()} realNow={realNow} />)
    expect(screen.getByText('ABCDE-12345')).toBeTruthy()
    expect(screen.getByText('ときめきBOX')).toBeTruthy()
    expect(screen.getByText('あと4日')).toBeTruthy()
    expect(screen.getByText('11月28日 14:05まで')).toBeTruthy()
  })

  it('counts days left from the clock when time travel is on', () => {
    renderWithProviders(
      <SealPreview seal={sealSet({ clock: { date: '2025-11-28T09:00:00' } })} realNow={realNow} />,
    )
    expect(screen.getByText('あと1日')).toBeTruthy()
  })

  it('says when the saving period is over', () => {
    renderWithProviders(
      <SealPreview seal={sealSet({ clock: { date: '2025-11-29T00:00:00' } })} realNow={realNow} />,
    )
    expect(screen.getByText('保存できる期間は終了しました')).toBeTruthy()
  })

  it('lists regular puris first and raw puris in a premium-only section, with sized lazy images', () => {
    renderWithProviders(<SealPreview seal={sealSet()} realNow={realNow} />)
    const regular = screen.getByRole('region', { name: '撮影したプリ' })
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
    expect(screen.getByText('月額330円(税込)')).toBeTruthy()
    const save = encodeURIComponent(`/web/mypage?sealId=${seal.sealId}&from=inputSealId`)
    expect(screen.getByRole('link', { name: '無料会員登録する' }).getAttribute('href')).toBe(
      `/sp/account/register_email?next=${save}`,
    )
    expect(screen.getByRole('link', { name: 'ログインして保存' }).getAttribute('href')).toBe(
      `/web/login/top?next=${save}`,
    )
  })
})

describe('PreviewScreen', () => {
  it('shows the Japanese message for an expired seal and the form again, prefilled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => wrapperResponse({ error: { code: 'SEAL_EXPIRED', message: 'expired' } }, 410)),
    )
    renderWithProviders(<PreviewScreen />, { path: '/web/preview?sealId=abcde-12345' })
    expect((await screen.findByRole('alert')).textContent).toBe('このシールの受け取り期間は終了しました。')
    expect(screen.getByLabelText<HTMLInputElement>('シールID').value).toBe('abcde-12345')
  })

  it('on YELLOW says how long the pause still lasts, in hours and minutes past the hour', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        wrapperResponse({ error: { code: 'PURIGET_PENALTY_YELLOW', message: 'x' } }, 429, {
          'Retry-After': '3601',
        }),
      ),
    )
    renderWithProviders(<PreviewScreen />, { path: '/web/preview?sealId=abcde-12345' })
    expect((await screen.findByRole('alert')).textContent).toContain(
      'あと1時間1分ほどで、また入力できるようになります。',
    )
    expect(screen.queryByLabelText('シールID')).toBeNull()
  })
})
