// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { labelInNameMisfits } from '../../../testing/label-in-name'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { watchPageLoads } from '../../../testing/page-loads'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { wholeText } from '../../../testing/whole-text'
import { buildPaymentSelf, buildUnsubscribable, SUBSCRIPTION_ID } from '../testing/payment-fixtures'
import { UnsubscribeScreen } from './unsubscribe-screen'

const ID = SUBSCRIPTION_ID
const CARRIER_PAGE = 'https://pay.example.jp/carrier/cancel/xyz'
const payment = (status: string, plan: 'credit' | 'auone' = 'credit') =>
  buildPaymentSelf({
    ...(plan === 'credit' ? {} : { kindId: 'AU', viewName: 'auかんたん決済', plan }),
    status: status as 'ACTIVE' | 'CANCELLED',
    nextPaymentAt: status === 'ACTIVE' ? '2026-12-24T10:00:00' : null,
    resumable: status === 'CANCELLED' && plan === 'credit',
  })
const item = (
  plan: 'credit' | 'auone' | 'softbank',
  accessMethod: 'API' | 'CARRIER_PAGE' | 'CARRIER_AUTH',
  name: string,
) => buildUnsubscribable({ plan, accessMethod, name })
const CREDIT = item('credit', 'API', 'クレジットカード')
const AUONE = item('auone', 'CARRIER_PAGE', 'auかんたん決済')

const pageLoads = watchPageLoads()

function server(
  items: unknown[],
  cancel: ApiHandler = () =>
    wrapperResponse({ entity: { redirectUrl: null, payment: payment('CANCELLED') } }),
  extra: Record<string, ApiHandler> = {},
  membership: 'PREMIUM' | 'GUEST' = 'PREMIUM',
) {
  return mockApi({
    'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus(membership) }),
    'GET /sp/2/payment/unsubscribable': () => wrapperResponse({ entity: { items } }),
    'GET /sp/2/payment/self': () => wrapperResponse({ entity: payment('ACTIVE') }),
    [`POST /sp/2/payment/subscriptions/${ID}/cancellation`]: cancel,
    ...extra,
  })
}

const cancelCalls = (calls: { key: string }[]) =>
  calls.filter((call) => call.key === `POST /sp/2/payment/subscriptions/${ID}/cancellation`)

describe('UnsubscribeScreen (/sp/payment/unsubscribe/{plan})', () => {
  it('credit card: one tap cancels here, says until when premium lasts, and offers to undo it', async () => {
    const calls = server([CREDIT])
    renderWithProviders(<UnsubscribeScreen />, { path: '/sp/payment/unsubscribe/credit' })
    // Premium is what is cancelled, not the card; a one-tap action has no steps to follow.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('プレミアム会員の解約')
    expect(
      await screen.findByText('いま解約しても、2026年12月24日まではプレミアム会員としてご利用いただけます。'),
    ).toBeTruthy()
    expect(screen.getByText('お支払い方法').nextElementSibling?.textContent).toBe('クレジットカード')
    expect(screen.queryByText(/解約の流れ|解約の手順/)).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
    // Every control is named by the words it shows, before and after the cancellation.
    expect(labelInNameMisfits(document.body)).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: '解約する' }))
    expect(await screen.findByRole('heading', { name: '解約しました' })).toBeTruthy()
    expect(screen.getByText('2026年12月24日までプレミアム会員としてご利用いただけます')).toBeTruthy()
    expect(cancelCalls(calls)).toHaveLength(1)
    expect(pageLoads()).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: '解約を取り消す' })).toBeTruthy()
    expect(labelInNameMisfits(document.body)).toEqual([])
  })

  it('credit card: a cancellation undone at once goes on renewing', async () => {
    const calls = server([CREDIT], undefined, {
      [`DELETE /sp/2/payment/subscriptions/${ID}/cancellation`]: () =>
        wrapperResponse({ entity: { payment: payment('ACTIVE') } }),
    })
    renderWithProviders(<UnsubscribeScreen />, { path: '/sp/payment/unsubscribe/credit' })
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }))
    expect(
      await screen.findByText(
        wholeText(
          '2026年12月24日までなら、解約を取り消せます。取り消すと、2026年12月24日から毎月330円（税込）の自動更新が再開します。',
        ),
      ),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '解約を取り消す' }))
    expect(await screen.findByRole('heading', { name: '解約を取り消しました' })).toBeTruthy()
    expect(screen.getByText('プレミアム会員が続きます。次回のお支払いは2026年12月24日です。')).toBeTruthy()
    expect(calls.filter((call) => call.key.startsWith('DELETE '))).toHaveLength(1)
  })

  it('an undo refused (the paid period ended meanwhile) is told in Japanese', async () => {
    server([CREDIT], undefined, {
      [`DELETE /sp/2/payment/subscriptions/${ID}/cancellation`]: () =>
        wrapperResponse({ error: { code: 'PAID_PERIOD_OVER', message: 'x' } }, 410),
    })
    renderWithProviders(<UnsubscribeScreen />, { path: '/sp/payment/unsubscribe/credit' })
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }))
    fireEvent.click(await screen.findByRole('button', { name: '解約を取り消す' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'プレミアム会員の期間が終わったため、解約を取り消せません。',
    )
  })

  it("a carrier's plan: the carrier's page by a full page load", async () => {
    const calls = server([AUONE], () =>
      wrapperResponse({ entity: { redirectUrl: CARRIER_PAGE, payment: payment('ACTIVE', 'auone') } }),
    )
    renderWithProviders(<UnsubscribeScreen />, { path: '/sp/payment/unsubscribe/auone' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('プレミアム会員の解約')
    expect(await screen.findByRole('heading', { name: '解約の手順' })).toBeTruthy()
    expect(screen.getByText(/auのページで、PuriBoxプレミアム会員の解約手続きをします/)).toBeTruthy()
    expect(screen.getByText('お支払い方法').nextElementSibling?.textContent).toBe('auかんたん決済')
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(labelInNameMisfits(document.body)).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'auかんたん決済の解約ページへ進む' }))
    await waitFor(() => expect(pageLoads()).toHaveBeenCalledWith(CARRIER_PAGE))
    expect(
      (screen.getByRole('button', { name: '解約ページへ移動しています…' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    expect(cancelCalls(calls)).toHaveLength(1)
  })

  it('softbank: the line authentication (PIN) comes first', async () => {
    server([item('softbank', 'CARRIER_AUTH', 'ソフトバンクまとめて支払い')])
    renderWithProviders(<UnsubscribeScreen />, { path: '/sp/payment/unsubscribe/softbank' })
    expect(await screen.findByText(/暗証番号（4桁）を入力します/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'ソフトバンクまとめて支払いの解約ページへ進む' })).toBeTruthy()
  })

  it('back from the carrier with result=cancelled: done, until the paid end', async () => {
    const calls = server([AUONE], undefined, {
      'GET /sp/2/payment/self': () => wrapperResponse({ entity: payment('CANCELLED', 'auone') }),
    })
    renderWithProviders(<UnsubscribeScreen />, {
      path: '/sp/payment/unsubscribe/auone?returned=1&result=cancelled',
    })
    expect(screen.getByRole('heading', { name: '解約しました' })).toBeTruthy()
    expect(await screen.findByText('2026年12月24日までプレミアム会員としてご利用いただけます')).toBeTruthy()
    expect(calls.some((call) => call.key === 'GET /sp/2/payment/unsubscribable')).toBe(false)
    // A carrier's cancellation cannot be undone: how to subscribe again instead.
    expect(screen.queryByRole('button', { name: '解約を取り消す' })).toBeNull()
    expect(screen.getByText(/auかんたん決済の解約は、あとから取り消せません。/).textContent).toContain(
      '2026年12月24日に期間が終わって無料会員に戻ったあと、「プレミアム会員登録」からもう一度お申し込みください。',
    )
  })

  it('back from the carrier before its word arrived: keeps looking, and says it may take a moment', async () => {
    let status = 'ACTIVE'
    const calls = server([AUONE], undefined, {
      'GET /sp/2/payment/self': () => wrapperResponse({ entity: payment(status, 'auone') }),
    })
    renderWithProviders(<UnsubscribeScreen />, {
      path: '/sp/payment/unsubscribe/auone?returned=1&result=cancelled',
    })
    expect(await screen.findByText(/反映に少し時間がかかることがあります/)).toBeTruthy()
    status = 'CANCELLED'
    await waitFor(() => expect(screen.queryByText(/反映に少し時間がかかることがあります/)).toBeNull(), {
      timeout: 3000,
    })
    expect(calls.filter((call) => call.key === 'GET /sp/2/payment/self').length).toBeGreaterThan(1)
  })

  it('back from the carrier with result=abandoned: not cancelled, and the way again', async () => {
    server([AUONE])
    renderWithProviders(<UnsubscribeScreen />, {
      path: '/sp/payment/unsubscribe/auone?returned=1&result=abandoned',
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('解約は完了していません')
    expect(screen.getByRole('button', { name: 'auかんたん決済の解約ページへ進む' })).toBeTruthy()
  })

  it('nothing of that plan renews: nothing to cancel, back to the cancel page', async () => {
    server([CREDIT])
    renderWithProviders(<UnsubscribeScreen />, { path: '/sp/payment/unsubscribe/spmode_addon' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('プレミアム会員の解約')
    expect(await screen.findByRole('heading', { name: '解約できるお支払いはありません' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'プレミアム会員の解約へ' }).getAttribute('href')).toBe(
      '/sp/payment/cancel',
    )
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('NOT_CANCELLABLE: said, and the page reads the payments again', async () => {
    let items: unknown[] = [CREDIT]
    server(items, () => wrapperResponse({ error: { code: 'NOT_CANCELLABLE', message: 'x' } }, 409), {
      'GET /sp/2/payment/unsubscribable': () => wrapperResponse({ entity: { items } }),
    })
    renderWithProviders(<UnsubscribeScreen />, { path: '/sp/payment/unsubscribe/credit' })
    const button = await screen.findByRole('button', { name: '解約する' })
    items = []
    fireEvent.click(button)
    expect(await screen.findByRole('heading', { name: '解約できるお支払いはありません' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('すでに解約済みか、期間が終わっています')
  })

  it.each([
    ['PAYMENT_GATEWAY_UNAVAILABLE', 503, 'お支払いサービスにつながりませんでした'],
    ['PAYMENT_REFUSED', 502, '解約を受け付けられませんでした'],
  ])('%s: said in Japanese, and the button works again', async (code, status, text) => {
    server([CREDIT], () => wrapperResponse({ error: { code, message: 'x' } }, status))
    renderWithProviders(<UnsubscribeScreen />, { path: '/sp/payment/unsubscribe/credit' })
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(text)
    const button = screen.getByRole('button', { name: '解約する' }) as HTMLButtonElement
    expect(button.disabled).toBe(false)
  })

  it('signed out meanwhile: a way to sign in and come back', async () => {
    server([CREDIT], () => wrapperResponse({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401))
    renderWithProviders(<UnsubscribeScreen />, { path: '/sp/payment/unsubscribe/credit' })
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('link', { name: 'ログインする' }).getAttribute('href')).toBe(
      '/web/login/top?next=%2Fsp%2Fpayment%2Funsubscribe%2Fcredit',
    )
  })

  it('sends a guest to the login page, coming back here', async () => {
    server([], undefined, {}, 'GUEST')
    const { location } = renderWithProviders(<UnsubscribeScreen />, {
      path: '/sp/payment/unsubscribe/docomo',
    })
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/web/login/top?next=%2Fsp%2Fpayment%2Funsubscribe%2Fdocomo'),
    )
  })
})
