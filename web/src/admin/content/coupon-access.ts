import { adminCouponsApi } from '@puribox/contract/admin-coupons'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do with coupons: the roles each route of the contract admits. */
export interface CouponAccess {
  create: boolean
  change: boolean
  publish: boolean
  withdraw: boolean
  /** Give one member a ticket (and see whom it would go to first). */
  give: boolean
}

const admits = (route: { roles: readonly string[] }, role: ConsoleRole) => route.roles.includes(role)

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function couponAccessOf(role: ConsoleRole): CouponAccess {
  const api = adminCouponsApi
  return {
    create: admits(api.adminCouponCreate, role),
    change: admits(api.adminCouponChange, role),
    publish: admits(api.adminCouponPublish, role),
    withdraw: admits(api.adminCouponWithdraw, role),
    give: admits(api.adminCouponGive, role) && admits(api.adminCouponRecipient, role),
  }
}

/** Whether the role may write coupons (else the screens say who does). */
export function writesCoupons(access: CouponAccess): boolean {
  return access.create || access.change || access.publish || access.withdraw
}
