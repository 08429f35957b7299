import type { AdminCoupon, CouponGrant, CouponState } from '@puribox/contract/admin-coupons'
import { japanTime } from './content-format'
import { t } from './coupon-i18n'

export const couponStateName = (state: CouponState) => t(`adminCoupons.states.${state}`)
export const couponGrantName = (grant: CouponGrant) => t(`adminCoupons.grants.${grant}`)
export const couponGrantNote = (grant: CouponGrant) => t(`adminCoupons.grantNotes.${grant}`)

/** A coupon's state as a badge, coloured as the other content areas colour theirs. */
export function CouponStateBadge({ state }: { state: CouponState }) {
  return <span className={`badge content-state content-state--${state}`}>{couponStateName(state)}</span>
}

/** Where a coupon can be used, in words: every booth, a shop, or some models. */
export function couponWhere(coupon: Pick<AdminCoupon, 'scope' | 'shop' | 'models'>): string {
  if (coupon.scope === 'SHOP' && coupon.shop) {
    return t('adminCoupons.scopes.SHOP', { name: coupon.shop.name, prefecture: coupon.shop.prefectureName })
  }
  if (coupon.scope === 'MODELS') {
    return t('adminCoupons.scopes.MODELS', {
      names: coupon.models.map((model) => model.name).join(t('adminCoupons.scopes.separator')),
    })
  }
  return t('adminCoupons.scopes.EVERY_BOOTH')
}

/** A coupon's campaign window, in Japan time. */
export function couponWindow(coupon: Pick<AdminCoupon, 'startsAt' | 'endsAt'>): string {
  return coupon.endsAt
    ? t('adminCoupons.window', { from: japanTime(coupon.startsAt), until: japanTime(coupon.endsAt) })
    : t('adminCoupons.windowOpen', { from: japanTime(coupon.startsAt) })
}

/** How long a ticket lasts once a member has it. */
export function couponValidity(coupon: Pick<AdminCoupon, 'grant' | 'validDays' | 'endsAt'>): string {
  if (coupon.grant === 'PREMIUM_MONTHLY') return t('adminCoupons.coupon.validMonthly')
  return coupon.endsAt
    ? t('adminCoupons.coupon.validDaysCapped', { days: coupon.validDays })
    : t('adminCoupons.coupon.validDaysValue', { days: coupon.validDays })
}
