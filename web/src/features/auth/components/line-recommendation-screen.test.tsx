// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { LineRecommendationScreen } from './line-recommendation-screen'

const member = {
  account: {
    id: 'a1',
    protected: false,
    canAddOn: false,
    snsPenalty: null,
    purigetPenalty: 'GREEN',
    official: false,
    mailAddress: 'hana@example.jp',
    registeredAt: '2026-11-20T12:00:00',
  },
  membershipStatus: 'MINI',
}

function stubApi(decline: () => Response) {
  const calls: Array<{ url: string; method: string; body: unknown }> = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      })
      if (url.endsWith('/account/self')) return wrapperResponse({ entity: member })
      return decline()
    }),
  )
  return calls
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('LineRecommendationScreen', () => {
  it('offers to link LINE, coming back to rp, and declines with a POST before going on', async () => {
    const calls = stubApi(() => wrapperResponse({ entity: { next: '/web/mypage' } }))
    const { location } = renderWithProviders(<LineRecommendationScreen />, {
      path: '/web/link/line/recommendation?rp=%2Fweb%2Fmypage',
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'LINEと連携しませんか' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'LINEと連携する' }).getAttribute('href')).toBe(
      '/sp/2/link/line/puriboxauth?acp=%2Fweb%2Fmypage&alp=%2Fsp%2Fsetting%2Fsetting',
    )
    // Opening the page declined nothing.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: '今はしない' }))
    await waitFor(() => expect(location.history).toContain('/web/mypage'))
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { url: '/sp/2/link/line/skip_recommendation', method: 'POST', body: { rp: '/web/mypage' } },
    ])
  })

  it('goes on to the settings page when rp is off the site', async () => {
    const calls = stubApi(() => wrapperResponse({ entity: { next: '/sp/setting/setting' } }))
    renderWithProviders(<LineRecommendationScreen />, {
      path: '/web/link/line/recommendation?rp=%2F.%2F%2Fevil.example',
    })
    fireEvent.click(await screen.findByRole('button', { name: '今はしない' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true))
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ rp: '/sp/setting/setting' })
  })

  it('says in Japanese when declining failed, and keeps the button', async () => {
    stubApi(() => wrapperResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500))
    renderWithProviders(<LineRecommendationScreen />, { path: '/web/link/line/recommendation' })
    fireEvent.click(await screen.findByRole('button', { name: '今はしない' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/[ぁ-ん]/)
    expect(screen.getByRole('button', { name: '今はしない' })).toHaveProperty('disabled', false)
  })
})
