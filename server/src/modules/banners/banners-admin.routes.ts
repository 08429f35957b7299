import { adminBannersApi } from '@puribox/contract/admin-banners'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { BannersAdminService } from './banners-admin.service'

/** The console's routes for banners: each hands the operator (the actor) and its input to the service. */
export function registerBannersAdminRoutes(app: FastifyInstance, deps: { admin: BannersAdminService }): void {
  const { admin } = deps
  const api = adminBannersApi

  registerApiRoute(app, api.adminBannerSpace, async (request) =>
    ok(request, await admin.space(request.caller, request.params.spaceId, request.query)),
  )
  registerApiRoute(app, api.adminBannerPreview, async (request) =>
    ok(request, await admin.preview(request.caller, request.body)),
  )
  registerApiRoute(app, api.adminBannerCreate, async (request) =>
    ok(request, await admin.create(request.caller, request.params.spaceId, request.body)),
  )
  registerApiRoute(app, api.adminBannerChange, async (request) =>
    ok(request, await admin.change(request.caller, request.params.bannerId, request.body)),
  )
  registerApiRoute(app, api.adminBannerOrder, async (request) =>
    ok(request, await admin.order(request.caller, request.params.spaceId, request.body)),
  )
  registerApiRoute(app, api.adminBannerWithdraw, async (request) =>
    ok(request, await admin.withdraw(request.caller, request.params.bannerId, request.body)),
  )
}
