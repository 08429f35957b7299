// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../testing/mock-api'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { wholeText } from '../../../testing/whole-text'
import { buildPaymentSelf, buildTrial } from '../testing/payment-fixtures'
import { PaymentScreen } from './payment-screen'

/** Not offered (a member on wifi), unless overridden. */
const trial = (overrides: Parameters<typeof buildTrial>[0] = {}) =>
  buildTrial({ canAdmit: false, canTrial: false, endDate: null, reason: 'NOT_AU', ...overrides })
const paying = buildPaymentSelf({ kindId: 'AU', viewName: 'auかんたん決済', plan: 'auone' })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href')

describe('PaymentScreen (/web/payment)', () => {
  it('a mini member: the price, what premium gives, and the four ways to pay', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      'GET /sp/2/payment/trial': () => wrapperResponse({ entity: trial() }),
    })
    renderWithProviders(<PaymentScreen />, { path: '/web/payment' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('プレミアム会員')
    expect(screen.getByText('月額330円（税込）')).toBeTruthy()
    expect(screen.getByText('らくがき前のプリも保存できます')).toBeTruthy()
    expect(screen.getByText(/プレミアム会員になったときにまとめて保存されます/)).toBeTruthy()
    expect(screen.getByText(/解約したあとも消えません/)).toBeTruthy()
    await screen.findByRole('link', { name: 'クレジットカードで申し込む' })
    expect(href('クレジットカードで申し込む')).toBe('/web/payment/credit')
    expect(href('auかんたん決済で申し込む')).toBe('/sp/auoneadmit/admittop')
    expect(href('ドコモ払いで申し込む')).toBe('/sp/2/docomo_payment/subscribe/top')
    expect(href('ソフトバンクまとめて支払いで申し込む')).toBe('/sp/softbankadmit/admittop')
    expect(href('特定商取引法に基づく表記')).toBe('/web/common/information/commercialLaw')
    expect(screen.queryByRole('link', { name: '31日間無料で試す' })).toBeNull()
    // A pupil need not pay: the free plan and where to apply.
    expect(href('中学生無料プレミアムについて')).toBe('/sp/jhs_free?from=payment#/lp')
  })

  it('where a registration ended (registered=1), says it is complete above the ways to pay', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      'GET /sp/2/payment/trial': () => wrapperResponse({ entity: trial() }),
    })
    renderWithProviders(<PaymentScreen />, { path: '/web/payment?registered=1' })
    const notice = (await screen.findByText('会員登録が完了しました')).closest('[role="status"]')
    expect(notice?.textContent).toContain('続けて、プレミアム会員のお申し込みができます。')
    expect(await screen.findByRole('link', { name: 'クレジットカードで申し込む' })).toBeTruthy()
  })

  it('offers the au trial in its own card when the server says canTrial', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      'GET /sp/2/payment/trial': () =>
        wrapperResponse({
          entity: trial({ canAdmit: true, canTrial: true, reason: null, endDate: '2026-12-25T10:00:00' }),
        }),
    })
    renderWithProviders(<PaymentScreen />, { path: '/web/payment' })
    const link = await screen.findByRole('link', { name: '31日間無料で試す' })
    expect(link.getAttribute('href')).toBe('/sp/auoneadmit/au_trial_start')
    expect(
      within(link.closest('section') as HTMLElement).getByText(wholeText(/月額330円（税込）で自動更新/)),
    ).toBeTruthy()
  })

  it('a guest: a free account first, with registration and login coming back here', async () => {
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
    })
    renderWithProviders(<PaymentScreen />, { path: '/web/payment' })
    await screen.findByRole('link', { name: '会員登録' })
    expect(href('会員登録')).toBe('/sp/account/register_email?next=%2Fweb%2Fpayment')
    expect(href('ログインする')).toBe('/web/login/top?next=%2Fweb%2Fpayment')
    expect(href('中学生無料プレミアムについて')).toBe('/sp/jhs_free?from=payment#/lp')
    expect(screen.queryByRole('link', { name: 'クレジットカードで申し込む' })).toBeNull()
    expect(calls.map((call) => call.key)).toEqual(['GET /sp/2/account/self'])
  })

  it('a junior-high free premium member: what they have and until when; nothing to buy, no payment asked', async () => {
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('JHS_PREMIUM') }),
    })
    renderWithProviders(<PaymentScreen />, { path: '/web/payment' })
    expect(await screen.findByText('中学生無料プレミアム会員です')).toBeTruthy()
    expect(screen.getByText(/2028年3月31日まで/)).toBeTruthy()
    expect(screen.getByText(/料金はかかりません/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'クレジットカードで申し込む' })).toBeNull()
    expect(screen.queryByText('月額330円（税込）')).toBeNull()
    expect(calls.some((call) => call.key.includes('/payment/'))).toBe(false)
  })

  it('a premium member: their payment, the next payment date and the way to cancel', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      'GET /sp/2/payment/self': () => wrapperResponse({ entity: paying }),
    })
    renderWithProviders(<PaymentScreen />, { path: '/web/payment' })
    expect(await screen.findByRole('heading', { name: 'プレミアム会員です' })).toBeTruthy()
    expect(await screen.findByText('auかんたん決済')).toBeTruthy()
    expect(screen.getByText('次回のお支払い日').nextElementSibling?.textContent).toBe('2026年12月24日')
    expect(href('プレミアム会員の解約')).toBe('/sp/payment/cancel')
    expect(screen.queryByRole('link', { name: 'クレジットカードで申し込む' })).toBeNull()
  })

  it('a premium member who cancelled: until when premium lasts instead of a next payment', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      'GET /sp/2/payment/self': () =>
        wrapperResponse({ entity: { ...paying, status: 'CANCELLED', nextPaymentAt: null } }),
    })
    renderWithProviders(<PaymentScreen />, { path: '/web/payment' })
    await waitFor(() =>
      expect(screen.getByText('プレミアム会員の終了日').nextElementSibling?.textContent).toBe(
        '2026年12月24日',
      ),
    )
    expect(screen.queryByText('次回のお支払い日')).toBeNull()
    expect(screen.getByText('解約済み')).toBeTruthy()
  })

  it('says so when the payment cannot be read, with a retry', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      'GET /sp/2/payment/self': () =>
        wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500),
    })
    renderWithProviders(<PaymentScreen />, { path: '/web/payment' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('お支払いの情報を表示できませんでした。')
    expect(within(alert).getByRole('button', { name: 'もう一度試す' })).toBeTruthy()
  })
})
