import { adminSealsApi } from '@puribox/contract/admin-seals'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { SealsAdminService } from './seals-admin.service'

/** The console's routes for seals: each hands the operator (the actor) and its input to the service. */
export function registerSealsAdminRoutes(app: FastifyInstance, deps: { admin: SealsAdminService }): void {
  const { admin } = deps
  const api = adminSealsApi

  registerApiRoute(app, api.adminSeal, async (request) =>
    ok(request, await admin.seal(request.caller, request.params.sealId)),
  )
  registerApiRoute(app, api.adminSealPicture, async (request, reply) => {
    const { sealId, number, size } = request.params
    const picture = await admin.picture(request.caller, sealId, number, size)
    // Kept by no cache (every console answer is `private, no-store`), and never sniffed as anything else.
    return reply.type('image/jpeg').header('x-content-type-options', 'nosniff').send(picture)
  })
  registerApiRoute(app, api.adminSealHide, async (request) =>
    ok(request, await admin.hide(request.caller, request.params.sealId, request.body)),
  )
  registerApiRoute(app, api.adminSealUnhide, async (request) =>
    ok(request, await admin.unhide(request.caller, request.params.sealId, request.body)),
  )
}
