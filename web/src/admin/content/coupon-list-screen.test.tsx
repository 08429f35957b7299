// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { answer, stubContentApi } from './testing/content-fixtures'
import { adminCoupon, COUPONS_API } from './testing/coupon-fixtures'

const LIST = `GET ${COUPONS_API}`
const draft = adminCoupon()
const out = adminCoupon({
  id: '0192f0c4-0000-7000-8000-0000000000c2',
  state: 'published',
  title: 'おわびクーポン',
  grant: 'INDIVIDUAL',
  endsAt: null,
  publishedAt: '2026-11-20T01:00:00.000Z',
})

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the coupon list', () => {
  it('lists every coupon with whom it targets, its state and window in Japan time, each linking to its page', async () => {
    stubContentApi({ [LIST]: answer({ coupons: [draft, out], next: null }) })
    renderConsole('/admin/coupons')
    await screen.findByRole('heading', { name: 'クーポン', level: 1 })
    expect(document.title).toBe('クーポン | PuriBox 管理')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[0]?.textContent).toBe(
      '冬のプレミアム感謝クーポン1回 100円引きプレミアム会員下書き2026/11/20 10:00 〜 2026/12/31 23:592026/11/20 10:30',
    )
    expect(rows()[1]?.textContent).toBe(
      'おわびクーポン1回 100円引き個別に配る会員配布中2026/11/20 10:00 〜（終了日時なし）2026/11/20 10:30',
    )
    expect(screen.getByRole('link', { name: 'おわびクーポン' }).getAttribute('href')).toBe(
      `/admin/coupons/${out.id}`,
    )
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    expect(within(nav).getByRole('link', { name: 'クーポン' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'クーポンを作成' }).getAttribute('href')).toBe(
      '/admin/coupons/new',
    )
  })

  it('shows one state through the address, and pages from the server’s cursor', async () => {
    const calls = stubContentApi({
      [`${LIST}?state=published`]: answer({ coupons: [out], next: out.id }),
      [`${LIST}?state=published&after=${out.id}`]: answer({ coupons: [], next: null }),
    })
    renderConsole('/admin/coupons?state=published')
    await waitFor(() => expect(rows()).toHaveLength(1))
    const states = screen.getByRole('navigation', { name: '状態で絞り込む' })
    expect(within(states).getByRole('link', { name: '配布中' }).getAttribute('aria-current')).toBe('page')
    screen.getByRole('button', { name: 'さらに表示' }).click()
    expect(await screen.findByText('これ以上のクーポンはありません。')).toBeTruthy()
    expect([...new Set(calls.map((call) => call.key).filter((key) => key.startsWith(LIST)))]).toEqual([
      `${LIST}?state=published`,
      `${LIST}?state=published&after=${out.id}`,
    ])
  })

  it('says a state the address names is none, and when there is nothing to show', async () => {
    stubContentApi({ [`${LIST}?state=ended`]: answer({ coupons: [], next: null }) })
    renderConsole('/admin/coupons?state=expired')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'このURLの状態では絞り込めません。上の状態から選んでください。',
    )
    cleanup()
    renderConsole('/admin/coupons?state=ended')
    expect(await screen.findByText('「終了」のクーポンはありません。')).toBeTruthy()
  })

  it('offers a viewer and support no way to make one, and says who does', async () => {
    for (const role of ['VIEWER', 'SUPPORT'] as const) {
      stubContentApi({ [LIST]: answer({ coupons: [draft], next: null }) }, role)
      renderConsole('/admin/coupons')
      await waitFor(() => expect(rows()).toHaveLength(1))
      expect(screen.queryByRole('link', { name: 'クーポンを作成' })).toBeNull()
      expect(screen.getByText(/見ることだけができます。クーポンの作成と変更は編集者か管理者が/)).toBeTruthy()
      cleanup()
      vi.unstubAllGlobals()
    }
  })
})
