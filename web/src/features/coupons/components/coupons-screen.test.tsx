// @vitest-environment jsdom
import type { CouponTicket } from '@puribox/contract/coupons'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jstFromNow } from '../../../testing/clock'
import { mockApi } from '../../../testing/mock-api'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { CouponsScreen } from './coupons-screen'

const LIST = 'GET /sp/2/coupon/self/tickets'
const ID_1 = '5c0a7e10-0000-4000-8000-000000000001'
const ID_2 = '5c0a7e10-0000-4000-8000-000000000002'
const ID_3 = '5c0a7e10-0000-4000-8000-000000000003'
const ID_4 = '5c0a7e10-0000-4000-8000-000000000004'
const useKey = (id: string) => `POST /sp/2/coupon/self/tickets/${id}/use`

function ticket(overrides: Partial<CouponTicket> & { id: string }): CouponTicket {
  return {
    couponId: 'c',
    title: '会員登録クーポン',
    benefit: '1回 100円引き',
    conditions: '1行目の条件\n2行目の条件',
    scope: 'EVERY_BOOTH',
    shop: null,
    models: [],
    validFrom: '2026-11-18T12:00:00',
    validUntil: '2026-12-18T12:00:00',
    usedAt: null,
    code: null,
    state: 'USABLE',
    ...overrides,
  }
}

const TICKETS = [
  ticket({ id: ID_1 }),
  ticket({
    id: ID_2,
    title: '渋谷センター街店 限定クーポン',
    benefit: '2回目 200円引き',
    scope: 'SHOP',
    shop: { id: 's', name: 'プリボックス 渋谷センター街店', prefectureName: '東京都', address: '渋谷区' },
  }),
  ticket({
    id: ID_3,
    title: '冬の限定フレーム記念クーポン',
    scope: 'MODELS',
    models: [
      { id: 'm1', name: 'ミルキーガール' },
      { id: 'm2', name: 'ミルキーガール2' },
    ],
    state: 'USED',
    usedAt: '2026-11-22T15:04:00',
    code: 'ACDE2346',
  }),
  ticket({ id: ID_4, title: '秋のおでかけクーポン', state: 'EXPIRED', validUntil: '2026-11-17T12:00:00' }),
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function cardOf(title: string): HTMLElement {
  return screen.getByRole('article', { name: title })
}

/** The titles of the cards under a section's heading. */
function titlesUnder(heading: string): string[] {
  const section = screen.getByRole('heading', { level: 2, name: heading }).closest('section') as HTMLElement
  return within(section)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent ?? '')
}

describe('CouponsScreen', () => {
  it("shows a member's tickets by state: where, until when, conditions; used and expired below", async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [LIST]: () => wrapperResponse({ entity: { tickets: TICKETS } }),
    })
    renderWithProviders(<CouponsScreen />, { path: '/sp/2/coupon/tickets' })
    const welcome = await screen.findByRole('article', { name: '会員登録クーポン' })
    expect(welcome.textContent).toContain('1回 100円引き')
    expect(welcome.textContent).toContain('有効期限：2026年12月18日 12:00まで')
    expect(welcome.textContent).toContain('すべてのお店のプリ機')
    expect(within(welcome).getByText(/1行目の条件/).textContent).toContain('2行目の条件')
    expect(cardOf('渋谷センター街店 限定クーポン').textContent).toContain(
      'プリボックス 渋谷センター街店（東京都）',
    )

    const used = cardOf('冬の限定フレーム記念クーポン')
    expect(used.textContent).toContain('使用済み')
    expect(used.textContent).toContain('2026年11月22日 15:04に使用')
    expect(used.textContent).toContain('ACDE 2346')
    expect(used.textContent).toContain('対象機種：ミルキーガール、ミルキーガール2')
    expect(within(used).queryByRole('button')).toBeNull()
    const expired = cardOf('秋のおでかけクーポン')
    expect(expired.className).toContain('coupon-ticket--expired')
    expect(expired.textContent).toContain('期限切れ')
    expect(within(expired).queryByRole('button')).toBeNull()

    // Used and expired ones each in their own group below the usable ones, never among them.
    const headings = [...document.querySelectorAll('.coupons-section > h2')].map((h) => h.textContent)
    expect(headings).toEqual(['使えるクーポン', '使用済みのクーポン', '期限切れのクーポン'])
    expect(titlesUnder('使えるクーポン')).toEqual(['会員登録クーポン', '渋谷センター街店 限定クーポン'])
    expect(titlesUnder('使用済みのクーポン')).toEqual(['冬の限定フレーム記念クーポン'])
    expect(titlesUnder('期限切れのクーポン')).toEqual(['秋のおでかけクーポン'])
    // A free member is told premium brings monthly coupons.
    expect(screen.getByRole('link', { name: 'プレミアム会員について' }).getAttribute('href')).toBe(
      '/web/payment',
    )
  })

  it('a ticket that ends at midnight Japan time reads as usable through the day before, one clear end', async () => {
    // The monthly coupon: its end is the first moment of the next month, 00:00 of 1 December.
    const nextMonth = jstFromNow({ days: 11, hours: -12 })
    expect(nextMonth).toBe('2026-12-01T00:00:00')
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      [LIST]: () =>
        wrapperResponse({
          entity: {
            tickets: [
              ticket({
                id: ID_1,
                title: 'プレミアム会員 今月のクーポン',
                conditions: 'プレミアム会員に毎月1枚お届けします。その月の末日まで使えます。',
                validUntil: nextMonth,
              }),
              // One that starts at midnight starts on that day.
              ticket({ id: ID_2, title: '冬のクーポン', state: 'NOT_YET_VALID', validFrom: nextMonth }),
            ],
          },
        }),
    })
    renderWithProviders(<CouponsScreen />, { path: '/sp/2/coupon/tickets' })
    const monthly = await screen.findByRole('article', { name: 'プレミアム会員 今月のクーポン' })
    expect(monthly.textContent).toContain('有効期限：2026年11月30日まで')
    expect(monthly.textContent).not.toContain('12月1日')
    expect(monthly.textContent).not.toContain('00:00')
    expect(cardOf('冬のクーポン').textContent).toContain('2026年12月1日から使えます')
    expect(cardOf('冬のクーポン').textContent).not.toContain('00:00')
  })

  it('uses a ticket after a confirmation: the code large and the time used, for the staff', async () => {
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      [LIST]: () => wrapperResponse({ entity: { tickets: TICKETS } }),
      [useKey(ID_1)]: () =>
        wrapperResponse({
          entity: ticket({ id: ID_1, state: 'USED', usedAt: '2026-11-24T10:15:00', code: 'XYZW7946' }),
        }),
    })
    renderWithProviders(<CouponsScreen />, { path: '/sp/2/coupon/tickets' })
    const card = await screen.findByRole('article', { name: '会員登録クーポン' })
    fireEvent.click(within(card).getByRole('button', { name: 'このクーポンを使う' }))
    expect(within(card).getByText('このクーポンを使いますか？')).toBeTruthy()
    // Changing one's mind uses nothing.
    fireEvent.click(within(card).getByRole('button', { name: 'やめる' }))
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)

    fireEvent.click(within(card).getByRole('button', { name: 'このクーポンを使う' }))
    fireEvent.click(within(card).getByRole('button', { name: '使う' }))
    // Used, it joins the used ones at once, and what the staff look at gets the focus there.
    const done = await screen.findByRole('status')
    const used = screen.getByRole('article', { name: '会員登録クーポン' })
    expect(used.contains(done)).toBe(true)
    expect(done.textContent).toContain('クーポンを使いました')
    expect(done.textContent).toContain('XYZW 7946')
    expect(done.textContent).toContain('2026年11月24日 10:15')
    expect(titlesUnder('使用済みのクーポン')).toEqual(['会員登録クーポン', '冬の限定フレーム記念クーポン'])
    expect(titlesUnder('使えるクーポン')).toEqual(['渋谷センター街店 限定クーポン'])
    await waitFor(() => expect(document.activeElement).toBe(done))
    expect(within(used).queryByRole('button', { name: 'このクーポンを使う' })).toBeNull()
    expect(calls.filter((call) => call.key === useKey(ID_1))).toHaveLength(1)
  })

  it('a ticket used elsewhere meanwhile says when, and the list is loaded again', async () => {
    let usedElsewhere = false
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [LIST]: () =>
        wrapperResponse({
          entity: {
            tickets: usedElsewhere
              ? [ticket({ id: ID_1, state: 'USED', usedAt: '2026-11-24T09:00:00', code: 'ACDE2346' })]
              : [ticket({ id: ID_1 })],
          },
        }),
      [useKey(ID_1)]: () => {
        usedElsewhere = true
        return wrapperResponse(
          { error: { code: 'COUPON_ALREADY_USED', message: 'x', usedAt: '2026-11-24T09:00:00' } },
          409,
        )
      },
    })
    renderWithProviders(<CouponsScreen />, { path: '/sp/2/coupon/tickets' })
    const card = await screen.findByRole('article', { name: '会員登録クーポン' })
    fireEvent.click(within(card).getByRole('button', { name: 'このクーポンを使う' }))
    fireEvent.click(within(card).getByRole('button', { name: '使う' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('このクーポンは2026年11月24日 09:00に使用済みです。')
    await waitFor(() => expect(calls.filter((call) => call.key === LIST)).toHaveLength(2))
    // The reloaded list says it is used: it moves to the used ones, keeping the reason, in focus.
    await waitFor(() => expect(titlesUnder('使用済みのクーポン')).toEqual(['会員登録クーポン']))
    expect(screen.queryByRole('heading', { name: '使えるクーポン' })).toBeNull()
    const used = screen.getByRole('article', { name: '会員登録クーポン' })
    expect(used.textContent).toContain('2026年11月24日 09:00に使用')
    expect(within(used).getByRole('alert').textContent).toBe(
      'このクーポンは2026年11月24日 09:00に使用済みです。',
    )
    await waitFor(() => expect(document.activeElement).toBe(within(used).getByRole('alert')))
    expect(within(used).queryByRole('button', { name: 'このクーポンを使う' })).toBeNull()
  })

  it('an expired ticket refused by the server says so in Japanese', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [LIST]: () => wrapperResponse({ entity: { tickets: [ticket({ id: ID_1 })] } }),
      [useKey(ID_1)]: () => wrapperResponse({ error: { code: 'COUPON_EXPIRED', message: 'x' } }, 410),
    })
    renderWithProviders(<CouponsScreen />, { path: '/sp/2/coupon/tickets' })
    const card = await screen.findByRole('article', { name: '会員登録クーポン' })
    fireEvent.click(within(card).getByRole('button', { name: 'このクーポンを使う' }))
    fireEvent.click(within(card).getByRole('button', { name: '使う' }))
    expect((await screen.findByRole('alert')).textContent).toContain('有効期限が過ぎたため')
  })

  it('no tickets: a calm sentence; a failed load: a retry', async () => {
    let fail = true
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      [LIST]: () =>
        fail
          ? wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500)
          : wrapperResponse({ entity: { tickets: [] } }),
    })
    renderWithProviders(<CouponsScreen />, { path: '/sp/2/coupon/tickets' })
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'クーポンを表示できませんでした',
    )
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'もう一度試す' }))
    expect(await screen.findByText(/いま使えるクーポンはありません/)).toBeTruthy()
  })

  it('a guest reads what coupons are, with sign-up and sign-in coming back here, and asks nothing', async () => {
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
    })
    renderWithProviders(<CouponsScreen />, { path: '/sp/2/coupon/tickets' })
    expect(await screen.findByRole('heading', { name: 'クーポンとは' })).toBeTruthy()
    expect(
      screen.getByRole('link', { name: '無料で会員登録してクーポンをもらう' }).getAttribute('href'),
    ).toBe('/sp/account/register_email?next=%2Fsp%2F2%2Fcoupon%2Ftickets')
    expect(screen.getByRole('link', { name: 'ログインしてクーポンを見る' }).getAttribute('href')).toBe(
      '/web/login/top?next=%2Fsp%2F2%2Fcoupon%2Ftickets',
    )
    expect(screen.getByRole('link', { name: 'プレミアム会員について' }).getAttribute('href')).toBe(
      '/web/payment',
    )
    expect(calls.map((call) => call.key)).not.toContain(LIST)
  })
})
