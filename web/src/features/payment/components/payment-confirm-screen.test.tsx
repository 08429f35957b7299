// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { watchPageLoads } from '../../../testing/page-loads'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { buildTrial } from '../testing/payment-fixtures'
import { PaymentConfirmScreen } from './payment-confirm-screen'

const CONSENT = 'https://pay.example.jp/consent/abc'
const trial = buildTrial

const pageLoads = watchPageLoads()

function member(
  start: ApiHandler = () => wrapperResponse({ entity: { redirectUrl: CONSENT } }),
  extra: Record<string, ApiHandler> = {},
  membership: 'MINI' | 'PREMIUM' | 'GUEST' = 'MINI',
) {
  return mockApi({
    'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus(membership) }),
    'POST /sp/2/payment/subscriptions': start,
    ...extra,
  })
}

/** The value of a row of the terms table, by its name. */
function row(name: string): string {
  const header = screen.getByRole('rowheader', { name })
  return header.nextElementSibling?.textContent ?? ''
}

const submit = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }))

describe('PaymentConfirmScreen', () => {
  it('names the plan the carrier bills: the add-on plan for an account that can add on', async () => {
    const status = accountStatus('MINI')
    mockApi({
      'GET /sp/2/account/self': () =>
        wrapperResponse({ entity: { ...status, account: { ...status.account, canAddOn: true } } }),
    })
    renderWithProviders(<PaymentConfirmScreen />, { path: '/sp/2/docomo_payment/subscribe/top' })
    await screen.findByRole('table')
    expect(row('お支払い方法')).toBe('spモード決済（追加課金）')
  })

  it('sends a guest to the login page, coming back here', async () => {
    member(undefined, {}, 'GUEST')
    const { location } = renderWithProviders(<PaymentConfirmScreen />, { path: '/web/payment/credit' })
    await waitFor(() => expect(location.history.at(-1)).toBe('/web/login/top?next=%2Fweb%2Fpayment%2Fcredit'))
  })

  it('credit card: the terms of the contract, then the gateway by a full page load', async () => {
    const calls = member()
    renderWithProviders(<PaymentConfirmScreen />, { path: '/web/payment/credit' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('お申し込み内容の確認')
    await screen.findByRole('table')
    expect(row('サービス')).toBe('PuriBoxプレミアム会員')
    expect(row('料金')).toBe('月額330円（税込）')
    expect(row('お支払い方法')).toBe('クレジットカード')
    expect(row('お支払い時期')).toBe('お申し込み時、以後毎月同じ日')
    expect(row('提供開始')).toBe('お支払いの確認後すぐ')
    expect(row('契約期間')).toBe('1か月ごとの自動更新。解約するまで続きます。')
    expect(row('解約')).toBe(
      'いつでも解約でき、お支払い済みの期間の終わりまで使えます。日割りでの返金はありません。',
    )
    expect(screen.getByRole('link', { name: '特定商取引法に基づく表記' }).getAttribute('href')).toBe(
      '/web/common/information/commercialLaw',
    )

    submit('申し込む（月額330円・税込）')
    const moving = await screen.findByRole('button', { name: 'お支払い画面へ移動しています…' })
    expect((moving as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(pageLoads()).toHaveBeenCalledWith(CONSENT))
    expect(calls.find((call) => call.key === 'POST /sp/2/payment/subscriptions')?.body).toEqual({
      kind: 'CREDIT',
      trial: false,
      plan: 'credit',
    })
  })

  it.each([
    ['/sp/auoneadmit/admittop', 'AU', 'auかんたん決済', 'auone'],
    ['/sp/2/docomo_payment/subscribe/top', 'DOCOMO', 'ドコモ払い', 'docomo'],
    ['/sp/softbankadmit/admittop', 'SOFTBANK', 'ソフトバンクまとめて支払い', 'softbank'],
  ])('%s: the carrier is paid with the phone bill', async (path, kind, name, plan) => {
    const calls = member()
    renderWithProviders(<PaymentConfirmScreen />, { path })
    await screen.findByRole('table')
    expect(row('お支払い方法')).toBe(name)
    expect(row('お支払い時期')).toBe('毎月の携帯電話料金と合算')
    submit('申し込む（月額330円・税込）')
    await waitFor(() => expect(pageLoads()).toHaveBeenCalledWith(CONSENT))
    expect(calls.find((call) => call.key === 'POST /sp/2/payment/subscriptions')?.body).toEqual({
      kind,
      trial: false,
      plan,
    })
  })

  it.each([
    ['/sp/auoneadmit/admittop', 'AU', 'auかんたん決済（追加課金）', 'auone_addon'],
    ['/sp/2/docomo_payment/subscribe/top', 'DOCOMO', 'spモード決済（追加課金）', 'spmode_addon'],
  ])(
    '%s: a line that may take the add-on plan is offered it, and that plan is sent',
    async (path, kind, name, plan) => {
      const status = accountStatus('MINI')
      const calls = member(undefined, {
        'GET /sp/2/account/self': () =>
          wrapperResponse({ entity: { ...status, account: { ...status.account, canAddOn: true } } }),
      })
      renderWithProviders(<PaymentConfirmScreen />, { path })
      await screen.findByRole('table')
      expect(row('お支払い方法')).toBe(name)
      submit('申し込む（月額330円・税込）')
      await waitFor(() => expect(pageLoads()).toHaveBeenCalledWith(CONSENT))
      expect(calls.find((call) => call.key === 'POST /sp/2/payment/subscriptions')?.body).toEqual({
        kind,
        trial: false,
        plan,
      })
    },
  )

  it('ADD_ON_NOT_ALLOWED: says so in Japanese, and the terms show the base plan read again', async () => {
    const status = accountStatus('MINI')
    let canAddOn = true
    const calls = member(
      () => {
        canAddOn = false
        return wrapperResponse({ error: { code: 'ADD_ON_NOT_ALLOWED', message: 'x' } }, 403)
      },
      {
        'GET /sp/2/account/self': () =>
          wrapperResponse({ entity: { ...status, account: { ...status.account, canAddOn } } }),
      },
    )
    renderWithProviders(<PaymentConfirmScreen />, { path: '/sp/2/docomo_payment/subscribe/top' })
    await screen.findByRole('table')
    expect(row('お支払い方法')).toBe('spモード決済（追加課金）')
    submit('申し込む（月額330円・税込）')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('追加課金のプランをお申し込みいただけなくなりました')
    await waitFor(() => expect(row('お支払い方法')).toBe('ドコモ払い'))
    submit('申し込む（月額330円・税込）')
    await waitFor(() =>
      expect(
        calls.filter((call) => call.key === 'POST /sp/2/payment/subscriptions').at(-1)?.body,
      ).toMatchObject({
        plan: 'docomo',
      }),
    )
    expect(pageLoads()).not.toHaveBeenCalled()
  })

  it('the au trial: 31 days free, then the price, with the end of the free period', async () => {
    const calls = member(undefined, { 'GET /sp/2/payment/trial': () => wrapperResponse({ entity: trial() }) })
    renderWithProviders(<PaymentConfirmScreen />, { path: '/sp/auoneadmit/au_trial_start' })
    await screen.findByRole('table')
    expect(row('料金')).toContain('31日間無料、その後月額330円（税込）')
    expect(row('料金')).toContain('2026年12月25日')
    expect(row('お支払い方法')).toBe('auかんたん決済')
    submit('無料体験を始める')
    await waitFor(() => expect(pageLoads()).toHaveBeenCalledWith(CONSENT))
    expect(calls.find((call) => call.key === 'POST /sp/2/payment/subscriptions')?.body).toEqual({
      kind: 'AU',
      trial: true,
      plan: 'auone',
    })
  })

  it('the au trial off the au network: says how, and offers the au plan at its price', async () => {
    const calls = member(undefined, {
      'GET /sp/2/payment/trial': () =>
        wrapperResponse({
          entity: trial({ canAdmit: false, canTrial: false, reason: 'NOT_AU', endDate: null }),
        }),
    })
    renderWithProviders(<PaymentConfirmScreen />, { path: '/sp/auoneadmit/au_trial_start' })
    expect(await screen.findByText('auの回線（Wi-Fiはオフ）でアクセスしてください。')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'auかんたん決済で申し込む' }).getAttribute('href')).toBe(
      '/sp/auoneadmit/admittop',
    )
    expect(screen.queryByRole('button', { name: '無料体験を始める' })).toBeNull()
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)
  })

  it.each([
    ['TRIAL_USED', 'すでに利用済み'],
    ['UFO_DENIED', '現在、無料体験はお申し込みいただけません。'],
  ] as const)('the au trial refused (%s): says why', async (reason, text) => {
    member(undefined, {
      'GET /sp/2/payment/trial': () =>
        wrapperResponse({ entity: trial({ canAdmit: reason !== 'TRIAL_USED', canTrial: false, reason }) }),
    })
    renderWithProviders(<PaymentConfirmScreen />, { path: '/sp/auoneadmit/au_trial_start' })
    expect((await screen.findByRole('note')).textContent).toContain(text)
  })

  it('a premium member has nothing to buy: my page instead', async () => {
    const calls = member(undefined, {}, 'PREMIUM')
    renderWithProviders(<PaymentConfirmScreen />, { path: '/web/payment/credit' })
    expect(await screen.findByRole('heading', { name: 'すでにプレミアム会員です' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'マイページへ' }).getAttribute('href')).toBe(
      '/sp/2/mypage/#/puri/new',
    )
    expect(screen.queryByRole('button')).toBeNull()
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)
  })

  it.each([
    ['PAYMENT_GATEWAY_UNAVAILABLE', 503, 'お支払いサービスにつながりませんでした'],
    ['PAYMENT_REFUSED', 502, 'お支払いサービスでお申し込みを受け付けられませんでした'],
    ['PAYMENT_IN_PROGRESS', 409, '前のお申し込みのお支払いを確認しています'],
    ['RATE_LIMITED', 429, '一時的に制限しています'],
    ['INTERNAL_ERROR', 500, 'サーバーで問題が起きました'],
  ])('%s: said in Japanese, and the button works again', async (code, status, text) => {
    let answer = () => wrapperResponse({ error: { code, message: 'x' } }, status)
    member(() => answer())
    renderWithProviders(<PaymentConfirmScreen />, { path: '/web/payment/credit' })
    await screen.findByRole('table')
    submit('申し込む（月額330円・税込）')
    expect((await screen.findByRole('alert')).textContent).toContain(text)
    expect(pageLoads()).not.toHaveBeenCalled()

    answer = () => wrapperResponse({ entity: { redirectUrl: CONSENT } })
    submit('申し込む（月額330円・税込）')
    await waitFor(() => expect(pageLoads()).toHaveBeenCalledWith(CONSENT))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('no connection: said so, nothing lost', async () => {
    member(() => {
      throw new TypeError('Failed to fetch')
    })
    renderWithProviders(<PaymentConfirmScreen />, { path: '/web/payment/credit' })
    await screen.findByRole('table')
    submit('申し込む（月額330円・税込）')
    expect((await screen.findByRole('alert')).textContent).toContain('通信できませんでした')
    expect(
      (screen.getByRole('button', { name: '申し込む（月額330円・税込）' }) as HTMLButtonElement).disabled,
    ).toBe(false)
  })

  it('signed out meanwhile: a way to sign in and come back', async () => {
    member(() => wrapperResponse({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401))
    renderWithProviders(<PaymentConfirmScreen />, { path: '/sp/softbankadmit/admittop' })
    await screen.findByRole('table')
    submit('申し込む（月額330円・税込）')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('ログインの有効期限が切れました')
    expect(within(alert).getByRole('link', { name: 'ログインする' }).getAttribute('href')).toBe(
      '/web/login/top?next=%2Fsp%2Fsoftbankadmit%2Fadmittop',
    )
  })

  it('ALREADY_PREMIUM: says premium already, links my page, and reads the membership again', async () => {
    const calls = member(() => wrapperResponse({ error: { code: 'ALREADY_PREMIUM', message: 'x' } }, 409))
    renderWithProviders(<PaymentConfirmScreen />, { path: '/web/payment/credit' })
    await screen.findByRole('table')
    submit('申し込む（月額330円・税込）')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('すでにプレミアム会員です')
    expect(within(alert).getByRole('link', { name: 'マイページへ' })).toBeTruthy()
    await waitFor(() => expect(calls.filter((call) => call.key === 'GET /sp/2/account/self')).toHaveLength(2))
  })

  it('TRIAL_NOT_ALLOWED: the trial is explained as refused, and the au plan offered', async () => {
    let offered = trial()
    member(() => wrapperResponse({ error: { code: 'TRIAL_NOT_ALLOWED', message: 'x' } }, 403), {
      'GET /sp/2/payment/trial': () => wrapperResponse({ entity: offered }),
    })
    renderWithProviders(<PaymentConfirmScreen />, { path: '/sp/auoneadmit/au_trial_start' })
    await screen.findByRole('table')
    offered = trial({ canTrial: false, canAdmit: false, reason: 'TRIAL_USED' })
    submit('無料体験を始める')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('無料体験はお申し込みいただけません')
    await waitFor(() => expect(alert.textContent).toContain('すでに利用済み'))
    expect(screen.getByRole('link', { name: 'auかんたん決済で申し込む' })).toBeTruthy()
  })
})
