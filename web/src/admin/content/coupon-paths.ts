import { COUPON_STATES, type CouponState } from '@puribox/contract/admin-coupons'
import { AUDIT_PATH, COUPONS_PATH, withQuery } from '../paths'

export { COUPONS_PATH }
export const NEW_COUPON_PATH = `${COUPONS_PATH}/new`

const part = encodeURIComponent

export const couponPath = (couponId: string) => `${COUPONS_PATH}/${part(couponId)}`
export const couponEditPath = (couponId: string) => `${couponPath(couponId)}/edit`
export const couponGivePath = (couponId: string) => `${couponPath(couponId)}/give`

/** The patterns of the area's screens, as wouter matches them (the fixed ones before the `:id` ones). */
export const COUPON_ROUTES = {
  list: COUPONS_PATH,
  create: NEW_COUPON_PATH,
  coupon: `${COUPONS_PATH}/:couponId`,
  edit: `${COUPONS_PATH}/:couponId/edit`,
  give: `${COUPONS_PATH}/:couponId/give`,
} as const

/** The list's view an address asks for: every state (null), one of them, or a state that is none. */
export type CouponListView = { state: CouponState | null } | { wrong: string }

export function couponViewOfSearch(search: string): CouponListView {
  const state = new URLSearchParams(search).get('state')
  if (state === null || state === '') return { state: null }
  return (COUPON_STATES as readonly string[]).includes(state)
    ? { state: state as CouponState }
    : { wrong: state }
}

/** The list's address showing one state, or every one. */
export function couponListPath(state: CouponState | null): string {
  return withQuery(COUPONS_PATH, { state: state ?? undefined })
}

/** The audit log's address showing what was done to one coupon. */
export function couponAuditPath(couponId: string): string {
  return withQuery(AUDIT_PATH, { targetKind: 'coupon', targetId: couponId })
}

/** The audit log's address showing a member's trail (where a ticket given to them is). */
export function memberAuditPath(accountId: string): string {
  return withQuery(AUDIT_PATH, { targetKind: 'account', targetId: accountId })
}
