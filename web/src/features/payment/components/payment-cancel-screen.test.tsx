// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { labelInNameMisfits } from '../../../testing/label-in-name'
import { mockApi } from '../../../testing/mock-api'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import {
  buildPaymentSelf,
  buildUnsubscribable,
  NO_PAYMENT,
  SUBSCRIPTION_ID,
} from '../testing/payment-fixtures'
import { PaymentCancelScreen } from './payment-cancel-screen'

const NONE = NO_PAYMENT
const ACTIVE = buildPaymentSelf({ kindId: 'DOCOMO', viewName: 'ドコモ払い', plan: 'docomo' })
const ITEM = buildUnsubscribable({ plan: 'docomo', accessMethod: 'CARRIER_PAGE', name: 'ドコモ払い' })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function server(
  payment: unknown,
  items: unknown[],
  membership: 'MINI' | 'PREMIUM' | 'JHS_PREMIUM' | 'GUEST' = 'PREMIUM',
) {
  return mockApi({
    'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus(membership) }),
    'GET /sp/2/payment/self': () => wrapperResponse({ entity: payment }),
    'GET /sp/2/payment/unsubscribable': () => wrapperResponse({ entity: { items } }),
  })
}

describe('PaymentCancelScreen (/sp/payment/cancel)', () => {
  it('each payment that renews: its name, the next payment, and its unsubscribe page', async () => {
    server(ACTIVE, [ITEM])
    renderWithProviders(<PaymentCancelScreen />, { path: '/sp/payment/cancel' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('プレミアム会員の解約')
    const card = (await screen.findByRole('heading', { name: 'ドコモ払い' })).closest(
      'section',
    ) as HTMLElement
    expect(within(card).getByText('次回のお支払い日').nextElementSibling?.textContent).toBe('2026年12月24日')
    expect(within(card).getByRole('link', { name: '解約手続きへ' }).getAttribute('href')).toBe(
      '/sp/payment/unsubscribe/docomo',
    )
    expect(screen.getByText(/保存したプリは、解約後も消えず/)).toBeTruthy()
    // Every control is named by the words it shows (the unsubscribe link above all).
    expect(labelInNameMisfits(document.body)).toEqual([])
    expect(screen.getByText(/お支払い済みの期間の終わりまでは/, { selector: 'p' })).toBeTruthy()
  })

  it('already cancelled at a carrier: until when premium lasts, and how to subscribe again', async () => {
    server({ ...ACTIVE, status: 'CANCELLED', nextPaymentAt: null }, [])
    renderWithProviders(<PaymentCancelScreen />, { path: '/sp/payment/cancel' })
    expect(
      await screen.findByText('解約済みです。2026年12月24日までプレミアム会員としてご利用いただけます。'),
    ).toBeTruthy()
    expect(screen.queryByRole('link', { name: '解約手続きへ' })).toBeNull()
    expect(screen.queryByRole('button', { name: '解約を取り消す' })).toBeNull()
    expect(screen.getByText(/ドコモ払いの解約は、あとから取り消せません。/)).toBeTruthy()
  })

  it('a card cancelled while the paid period lasts: one tap undoes it, and it renews again', async () => {
    const card = buildPaymentSelf({ status: 'CANCELLED', nextPaymentAt: null, resumable: true })
    let items: unknown[] = []
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      'GET /sp/2/payment/self': () => wrapperResponse({ entity: card }),
      'GET /sp/2/payment/unsubscribable': () => wrapperResponse({ entity: { items } }),
      [`DELETE /sp/2/payment/subscriptions/${SUBSCRIPTION_ID}/cancellation`]: () => {
        items = [buildUnsubscribable()]
        return wrapperResponse({ entity: { payment: buildPaymentSelf() } })
      },
    })
    renderWithProviders(<PaymentCancelScreen />, { path: '/sp/payment/cancel' })
    fireEvent.click(await screen.findByRole('button', { name: '解約を取り消す' }))
    expect(await screen.findByRole('heading', { name: '解約を取り消しました' })).toBeTruthy()
    expect(screen.getByText('プレミアム会員が続きます。次回のお支払いは2026年12月24日です。')).toBeTruthy()
    // What renews is listed again, with the way to cancel it.
    expect(await screen.findByRole('link', { name: '解約手続きへ' })).toBeTruthy()
    expect(calls.filter((call) => call.key.startsWith('DELETE '))).toHaveLength(1)
  })

  it('a junior-high member: premium is free, and nothing about cancelling a payment', async () => {
    server(NONE, [], 'JHS_PREMIUM')
    renderWithProviders(<PaymentCancelScreen />, { path: '/sp/payment/cancel' })
    expect(await screen.findByRole('heading', { name: '中学生無料プレミアム会員です' })).toBeTruthy()
    expect(screen.queryByText(/お支払い済みの期間の終わりまでは/)).toBeNull()
    expect(screen.queryByRole('heading', { name: '解約について' })).toBeNull()
    expect(screen.queryByRole('link', { name: '携帯電話会社の回線で解約する' })).toBeNull()
  })

  it('a junior-high member whose carrier plan still renews: the plan to stop, and what cancelling does', async () => {
    server(ACTIVE, [ITEM], 'JHS_PREMIUM')
    renderWithProviders(<PaymentCancelScreen />, { path: '/sp/payment/cancel' })
    expect(await screen.findByRole('link', { name: '解約手続きへ' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: '解約について' })).toBeTruthy()
  })

  it('not premium: says so, with premium registration', async () => {
    server(NONE, [], 'MINI')
    renderWithProviders(<PaymentCancelScreen />, { path: '/sp/payment/cancel' })
    expect(await screen.findByRole('heading', { name: 'プレミアム会員ではありません' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'プレミアム会員について見る' }).getAttribute('href')).toBe(
      '/web/payment',
    )
  })

  it('sends a guest to the login page, coming back here', async () => {
    server(NONE, [], 'GUEST')
    const { location } = renderWithProviders(<PaymentCancelScreen />, { path: '/sp/payment/cancel' })
    await waitFor(() => expect(location.history.at(-1)).toBe('/web/login/top?next=%2Fsp%2Fpayment%2Fcancel'))
  })

  it('the payments cannot be read: says so, with a retry', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      'GET /sp/2/payment/self': () => wrapperResponse({ entity: ACTIVE }),
      'GET /sp/2/payment/unsubscribable': () =>
        wrapperResponse({ error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }, 503),
    })
    renderWithProviders(<PaymentCancelScreen />, { path: '/sp/payment/cancel' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('ご契約の情報を表示できませんでした。')
    expect(alert.textContent).toContain('メンテナンス中')
  })
})
