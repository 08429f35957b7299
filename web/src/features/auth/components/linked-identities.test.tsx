// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { LinkedIdentities } from './linked-identities'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function answer(entity: unknown, status = 200) {
  const fetchMock = vi.fn(async () => wrapperResponse({ entity }, status))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('LinkedIdentities', () => {
  it('lists the linked services with their date, and offers to link LINE', async () => {
    const fetchMock = answer({
      identities: [{ provider: 'au', linkedAt: '2026-11-20T12:00:00' }],
      lineRecommendationDeclined: false,
    })
    renderWithProviders(<LinkedIdentities />, { path: '/sp/setting/setting' })
    expect(await screen.findByText('au ID')).toBeTruthy()
    expect(screen.getByText('2026年11月20日に連携')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'LINEと連携する' }).getAttribute('href')).toBe(
      '/sp/2/link/line/puriboxauth?acp=%2Fsp%2Fsetting%2Fsetting&alp=%2Fsp%2Fsetting%2Fsetting',
    )
    expect(fetchMock).toHaveBeenCalledWith(
      '/sp/2/account/identities',
      expect.objectContaining({ method: 'GET' }),
    )
  })

  it('offers to switch to another LINE account once LINE is linked, and says it worked', async () => {
    answer({
      identities: [{ provider: 'line', linkedAt: '2026-01-05T09:00:00' }],
      lineRecommendationDeclined: true,
    })
    renderWithProviders(<LinkedIdentities />, { path: '/sp/setting/setting?linked=line' })
    expect(await screen.findByRole('link', { name: '別のLINEアカウントに切り替える' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'LINEと連携する' })).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('LINEと連携しました。')
  })

  it('says why the last link failed, in Japanese', async () => {
    answer({ identities: [], lineRecommendationDeclined: false })
    renderWithProviders(<LinkedIdentities />, { path: '/sp/setting/setting?reason=IDENTITY_TAKEN' })
    expect(screen.getByRole('alert').textContent).toBe(
      'そのアカウントは、すでに別のPuriBoxアカウントと連携しています。ログアウトしてから、そのアカウントでログインしてください。',
    )
    expect(await screen.findByText('連携しているサービスはありません。')).toBeTruthy()
  })

  it('reads an unknown reason as the generic failure', () => {
    answer({ identities: [], lineRecommendationDeclined: false })
    renderWithProviders(<LinkedIdentities />, { path: '/sp/setting/setting?reason=%3Cscript%3E' })
    expect(screen.getByRole('alert').textContent).toBe(
      'ログインできませんでした。お手数ですが、もう一度お試しください。',
    )
  })

  it('offers a retry when the list cannot be loaded', async () => {
    const fetchMock = answer(null, 500)
    renderWithProviders(<LinkedIdentities />)
    expect(await screen.findByText('連携の状態を読み込めませんでした。')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'LINEと連携する' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'もう一度試す' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
  })
})
