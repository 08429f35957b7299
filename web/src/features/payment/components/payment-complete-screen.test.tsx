// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { SUBSCRIPTION_ID } from '../testing/payment-fixtures'
import { PaymentCompleteScreen } from './payment-complete-screen'

const ID = SUBSCRIPTION_ID
const subscription = (status: string, overrides: Record<string, unknown> = {}) => ({
  id: ID,
  kind: 'CREDIT',
  plan: 'credit',
  status,
  trial: false,
  premiumUntil: status === 'ACTIVE' ? '2026-12-24T10:00:00' : null,
  returnTo: '/sp/2/mypage/#/puri/new',
  ...overrides,
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The subscription answers `statuses` in turn (the last one from then on). */
function server(statuses: (string | Record<string, unknown>)[], membership: 'MINI' | 'GUEST' = 'MINI') {
  let asked = 0
  const answer: ApiHandler = () => {
    const next = statuses[Math.min(asked++, statuses.length - 1)] ?? 'PENDING'
    return wrapperResponse({ entity: typeof next === 'string' ? subscription(next) : next })
  }
  const calls = mockApi({
    'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus(membership) }),
    [`GET /sp/2/payment/subscriptions/${ID}`]: answer,
  })
  return {
    calls,
    lookups: () => calls.filter((call) => call.key === `GET /sp/2/payment/subscriptions/${ID}`).length,
  }
}

const path = (result: string) => `/web/payment/complete?subscriptionId=${ID}&result=${result}`

describe('PaymentCompleteScreen', () => {
  it('checks while PENDING, then ACTIVE: premium, my page, and the header reads the membership again', async () => {
    const { calls, lookups } = server(['PENDING', 'PENDING', 'ACTIVE'])
    renderWithProviders(<PaymentCompleteScreen intervalMs={10} />, { path: path('approved') })
    expect(await screen.findByText('お支払いを確認しています…')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'プレミアム会員になりました' })).toBeTruthy()
    expect(screen.getByText(/未保存のプリも、すべて保存しました/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'マイページへ' }).getAttribute('href')).toBe(
      '/sp/2/mypage/#/puri/new',
    )
    expect(lookups()).toBe(3)
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'GET /sp/2/account/self').length).toBeGreaterThan(1),
    )
    // No more looking once the answer is final.
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(lookups()).toBe(3)
  })

  it('the trial: says until when it is free', async () => {
    server([
      subscription('ACTIVE', { kind: 'AU', plan: 'auone', trial: true, premiumUntil: '2026-12-25T10:00:00' }),
    ])
    renderWithProviders(<PaymentCompleteScreen />, { path: path('approved') })
    expect(await screen.findByText('無料期間は2026年12月25日までです。')).toBeTruthy()
  })

  it('a returnTo that is not a page of ours: my page instead', async () => {
    server([subscription('ACTIVE', { returnTo: 'https://evil.example/' })])
    renderWithProviders(<PaymentCompleteScreen />, { path: path('approved') })
    expect((await screen.findByRole('link', { name: 'マイページへ' })).getAttribute('href')).toBe(
      '/sp/2/mypage/#/puri/new',
    )
  })

  it('DECLINED: not completed, nothing charged, choose again', async () => {
    server(['DECLINED'])
    renderWithProviders(<PaymentCompleteScreen />, { path: path('declined') })
    expect(await screen.findByRole('heading', { name: 'お支払いが完了しませんでした' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('承認されなかった')
    expect(screen.getByRole('link', { name: 'お支払い方法を選び直す' }).getAttribute('href')).toBe(
      '/web/payment',
    )
  })

  it('DECLINED after the member stopped at the gateway: says they stopped it', async () => {
    server(['DECLINED'])
    renderWithProviders(<PaymentCompleteScreen />, { path: path('cancelled') })
    await screen.findByRole('heading', { name: 'お支払いが完了しませんでした' })
    expect(screen.getByRole('alert').textContent).toContain('手続きをやめた')
  })

  it('the truth wins over the hint: result=approved but DECLINED', async () => {
    server(['DECLINED'])
    renderWithProviders(<PaymentCompleteScreen />, { path: path('approved') })
    expect(await screen.findByRole('heading', { name: 'お支払いが完了しませんでした' })).toBeTruthy()
  })

  it('still PENDING after the window: says it is being confirmed, stops asking, and can ask again', async () => {
    const { lookups } = server(['PENDING'])
    renderWithProviders(<PaymentCompleteScreen intervalMs={10} windowMs={80} />, { path: path('approved') })
    expect(await screen.findByRole('heading', { name: 'お支払いを確認中です' })).toBeTruthy()
    expect(screen.getByText(/マイページでプレミアム会員として表示されます/)).toBeTruthy()
    const afterWindow = lookups()
    expect(afterWindow).toBeGreaterThan(1)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(lookups()).toBeLessThanOrEqual(afterWindow + 1)
  })

  it('"check again" after the window finds the payment applied', async () => {
    let status = 'PENDING'
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [`GET /sp/2/payment/subscriptions/${ID}`]: () => wrapperResponse({ entity: subscription(status) }),
    })
    renderWithProviders(<PaymentCompleteScreen intervalMs={10} windowMs={40} />, { path: path('approved') })
    await screen.findByRole('heading', { name: 'お支払いを確認中です' })
    status = 'ACTIVE'
    fireEvent.click(screen.getByRole('button', { name: 'もう一度確認する' }))
    expect(await screen.findByRole('heading', { name: 'プレミアム会員になりました' })).toBeTruthy()
  })

  it('no subscription id: a friendly not-found, without asking the server', async () => {
    const { lookups } = server(['ACTIVE'])
    renderWithProviders(<PaymentCompleteScreen />, { path: '/web/payment/complete' })
    expect(screen.getByRole('heading', { name: 'お申し込みが見つかりません' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'プレミアム会員のページへ' }).getAttribute('href')).toBe(
      '/web/payment',
    )
    expect(lookups()).toBe(0)
  })

  it("someone else's or an unknown id (NOT_FOUND): the same not-found", async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [`GET /sp/2/payment/subscriptions/${ID}`]: () =>
        wrapperResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404),
    })
    renderWithProviders(<PaymentCompleteScreen />, { path: path('approved') })
    expect(await screen.findByRole('heading', { name: 'お申し込みが見つかりません' })).toBeTruthy()
  })

  it('the server failing: says so, with a retry', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [`GET /sp/2/payment/subscriptions/${ID}`]: () =>
        wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500),
    })
    renderWithProviders(<PaymentCompleteScreen />, { path: path('approved') })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('お支払いの状況を表示できませんでした。')
    expect(screen.getByRole('button', { name: 'もう一度試す' })).toBeTruthy()
  })

  it('a guest (signed out on the way): to the login page, coming back to this very page', async () => {
    server(['ACTIVE'], 'GUEST')
    const { location } = renderWithProviders(<PaymentCompleteScreen />, { path: path('approved') })
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(`/web/login/top?next=${encodeURIComponent(path('approved'))}`),
    )
  })
})
