import type { AdminCouponDetail, AdminCouponRecipient } from '@puribox/contract/admin-coupons'

/** The coupon routes as the tests stub them (`METHOD /path`, the query after it when there is one). */
export const COUPONS_API = '/admin/api/coupons'
export const COUPON_ID = '0192f0c4-0000-7000-8000-0000000000c1'
export const ACCOUNT_ID = '0192f0c4-7d1e-7a3b-9c2d-4e5f6a7b8c9d'
export const SHOP_ID = '0192f0c4-0000-7000-8000-0000000000d1'

export function adminCoupon(overrides: Partial<AdminCouponDetail> = {}): AdminCouponDetail {
  return {
    id: COUPON_ID,
    state: 'draft',
    title: '冬のプレミアム感謝クーポン',
    benefit: '1回 100円引き',
    conditions: 'どの店舗でも使えます。\n1回だけ使えます。',
    grant: 'PREMIUM',
    validDays: 14,
    scope: 'EVERY_BOOTH',
    shop: null,
    models: [],
    // 10:00 in Japan on the tests' day, to the end of the year.
    startsAt: '2026-11-20T01:00:00.000Z',
    endsAt: '2026-12-31T14:59:00.000Z',
    publishedAt: null,
    withdrawnAt: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:30:00.000Z',
    tickets: { given: 0, used: 0 },
    ...overrides,
  }
}

export function couponRecipient(overrides: Partial<AdminCouponRecipient> = {}): AdminCouponRecipient {
  return {
    accountId: ACCOUNT_ID,
    mailAddressHint: 'h***@example.jp',
    membership: 'PREMIUM',
    registeredAt: '2025-04-01T03:00:00.000Z',
    ticket: null,
    ...overrides,
  }
}
