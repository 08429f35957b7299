// @vitest-environment jsdom
import type { AdminCouponDetail } from '@puribox/contract/admin-coupons'
import type { ConsoleRole } from '@puribox/contract/routes'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { answer, refusal, stubContentApi } from './testing/content-fixtures'
import { adminCoupon, COUPON_ID, COUPONS_API } from './testing/coupon-fixtures'

const ITEM = `${COUPONS_API}/${COUPON_ID}`
const PATH = `/admin/coupons/${COUPON_ID}`

const published = adminCoupon({
  state: 'published',
  publishedAt: '2026-11-20T01:00:00.000Z',
  tickets: { given: 120, used: 45 },
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The links and buttons beside the page's title. */
function offered() {
  const head = screen.getByRole('heading', { level: 1 }).closest('.console-head') as HTMLElement
  return [...head.querySelectorAll('a, button')].map((control) => control.textContent)
}

describe("a coupon's page", () => {
  it('shows what it gives, to whom, where and when in Japan time, how many members got and used it, and its audit trail', async () => {
    stubContentApi({ [`GET ${ITEM}`]: answer(published) }, 'VIEWER')
    renderConsole(PATH)
    await screen.findByRole('heading', { name: '冬のプレミアム感謝クーポン', level: 1 })
    const facts = screen.getByRole('region', { name: 'クーポンの情報' })
    expect(facts.textContent).toContain('配布中 配布中です。届き方は「対象」のとおりです。')
    expect(facts.textContent).toContain('特典1回 100円引き')
    expect(within(facts).getByText(/どの店舗でも使えます。/).textContent).toBe(
      'どの店舗でも使えます。\n1回だけ使えます。',
    )
    expect(facts.textContent).toContain(
      '対象プレミアム会員プレミアム会員（中学生無料プレミアム会員を含む）が、配布期間中に',
    )
    expect(facts.textContent).toContain('使える店舗・機種すべての店舗のプリ機')
    expect(facts.textContent).toContain('配布期間2026/11/20 10:00 〜 2026/12/31 23:59')
    expect(facts.textContent).toContain('有効期間届いてから14日（配布終了日時まで）')
    expect(within(facts).getByRole('link', { name: 'このクーポンの監査ログ' }).getAttribute('href')).toBe(
      `/admin/audit?targetKind=coupon&targetId=${COUPON_ID}`,
    )
    const counts = screen.getByRole('region', { name: '届いた数' })
    expect(counts.textContent).toContain('届いた枚数120枚')
    expect(counts.textContent).toContain('使われた枚数45枚')
    // A viewer reads only.
    expect(offered()).toEqual([])
    expect(screen.getByText(/閲覧者の権限では、見ることだけができます。/)).toBeTruthy()
  })

  it.each([
    ['EDITOR', adminCoupon(), ['内容を変更', '公開する']],
    ['EDITOR', published, ['取り下げる']],
    ['EDITOR', adminCoupon({ state: 'withdrawn', withdrawnAt: '2026-11-20T02:00:00.000Z' }), []],
    ['SUPPORT', adminCoupon({ ...published, grant: 'INDIVIDUAL' }), ['会員に配る']],
    ['SUPPORT', published, []],
    ['ADMIN', adminCoupon({ ...published, grant: 'INDIVIDUAL' }), ['会員に配る', '取り下げる']],
  ] as [ConsoleRole, AdminCouponDetail, string[]][])(
    'offers %s what the routes admit and the coupon’s state allows (%#)',
    async (role, coupon, expected) => {
      stubContentApi({ [`GET ${ITEM}`]: answer(coupon) }, role)
      renderConsole(PATH)
      await screen.findByRole('heading', { name: coupon.title, level: 1 })
      await waitFor(() => expect(offered()).toEqual(expected))
    },
  )

  it('publishes after confirming, with the reason, and says so', async () => {
    let current = adminCoupon()
    const calls = stubContentApi({
      [`GET ${ITEM}`]: () => answer(current)(),
      [`POST ${ITEM}/publish`]: () => {
        current = published
        return answer(published)()
      },
    })
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '公開する' }))
    const dialog = screen.getByRole('dialog', { name: 'クーポンを公開しますか？' })
    expect(dialog.textContent).toContain('公開したあとは、内容を変更できません。')
    fireEvent.change(within(dialog).getByLabelText('理由（任意）'), { target: { value: '承認済み' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '公開する' }))
    expect((await screen.findByRole('status')).textContent).toBe('公開しました。')
    expect(calls.filter((call) => call.key.startsWith('POST')).map((call) => call.body)).toEqual([
      { reason: '承認済み' },
    ])
    await waitFor(() => expect(offered()).toEqual(['取り下げる']))
  })

  it('tells a withdrawal someone else took first, and a coupon that is not there', async () => {
    stubContentApi({
      [`GET ${ITEM}`]: answer(published),
      [`POST ${ITEM}/withdraw`]: refusal('COUPON_STATE_CONFLICT', 409),
    })
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '取り下げる' }))
    const dialog = screen.getByRole('dialog', { name: 'クーポンを取り下げますか？' })
    expect(dialog.textContent).toContain('すでに届いたクーポンは、それぞれの有効期限まで使えます。')
    fireEvent.click(within(dialog).getByRole('button', { name: '取り下げる' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'いまの状態のクーポンには、この操作はできません。',
    )
    cleanup()
    vi.unstubAllGlobals()
    stubContentApi({ [`GET ${ITEM}`]: refusal('COUPON_NOT_FOUND', 404) })
    renderConsole(PATH)
    expect((await screen.findByRole('alert')).textContent).toContain('このクーポンは見つかりませんでした。')
  })
})
