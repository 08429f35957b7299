import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { CouponsService } from './coupons.service'

export function registerCouponsRoutes(app: FastifyInstance, deps: { coupons: CouponsService }): void {
  const { coupons } = deps

  registerApiRoute(app, api.couponTickets, async (request) =>
    ok(request, await coupons.list(request.caller, request.now)),
  )

  registerApiRoute(app, api.couponTicketUse, async (request) =>
    ok(request, await coupons.use(request.caller.accountId, request.params.id, request.now)),
  )
}
