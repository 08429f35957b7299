import { adminCouponsApi } from '@puribox/contract/admin-coupons'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { CouponsAdminService } from './coupons-admin.service'

/** The console's routes for coupons: each hands the operator (the actor) and its input to the service. */
export function registerCouponsAdminRoutes(app: FastifyInstance, deps: { admin: CouponsAdminService }): void {
  const { admin } = deps
  const api = adminCouponsApi

  registerApiRoute(app, api.adminCoupons, async (request) =>
    ok(request, await admin.list(request.caller, request.query)),
  )
  registerApiRoute(app, api.adminCoupon, async (request) =>
    ok(request, await admin.coupon(request.caller, request.params.couponId)),
  )
  registerApiRoute(app, api.adminCouponCreate, async (request) =>
    ok(request, await admin.createDraft(request.caller, request.body)),
  )
  registerApiRoute(app, api.adminCouponChange, async (request) =>
    ok(request, await admin.change(request.caller, request.params.couponId, request.body)),
  )
  registerApiRoute(app, api.adminCouponPublish, async (request) =>
    ok(request, await admin.publish(request.caller, request.params.couponId, request.body)),
  )
  registerApiRoute(app, api.adminCouponWithdraw, async (request) =>
    ok(request, await admin.withdraw(request.caller, request.params.couponId, request.body)),
  )
  registerApiRoute(app, api.adminCouponRecipient, async (request) =>
    ok(request, await admin.recipient(request.caller, request.params.couponId, request.params.accountId)),
  )
  registerApiRoute(app, api.adminCouponGive, async (request) =>
    ok(request, await admin.give(request.caller, request.params.couponId, request.body)),
  )
}
