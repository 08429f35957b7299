import { adminAuditionsApi } from '@puribox/contract/admin-auditions'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { AuditionsAdminService } from './auditions-admin.service'

/** The console's routes for auditions: each hands the operator (the actor) and its input to the service. */
export function registerAuditionsAdminRoutes(
  app: FastifyInstance,
  deps: { admin: AuditionsAdminService },
): void {
  const { admin } = deps
  const api = adminAuditionsApi

  registerApiRoute(app, api.adminAuditions, async (request) =>
    ok(request, await admin.list(request.caller, request.query)),
  )
  registerApiRoute(app, api.adminAudition, async (request) =>
    ok(request, await admin.audition(request.caller, request.params.auditionId)),
  )
  registerApiRoute(app, api.adminAuditionApplications, async (request) =>
    ok(request, await admin.applications(request.caller, request.params.auditionId, request.query)),
  )
  registerApiRoute(app, api.adminAuditionCreate, async (request) =>
    ok(request, await admin.create(request.caller, request.body)),
  )
  registerApiRoute(app, api.adminAuditionChange, async (request) =>
    ok(request, await admin.change(request.caller, request.params.auditionId, request.body)),
  )
  registerApiRoute(app, api.adminAuditionClose, async (request) =>
    ok(request, await admin.close(request.caller, request.params.auditionId, request.body)),
  )
}
