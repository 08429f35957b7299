import { adminApplicationsApi } from '@puribox/contract/admin-applications'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { SchoolApplicationsAdminService } from './school-applications-admin.service'

/** The console's routes for junior-high applications: each hands the operator (the actor) and its input to the service. */
export function registerSchoolApplicationsAdminRoutes(
  app: FastifyInstance,
  deps: { admin: SchoolApplicationsAdminService },
): void {
  const { admin } = deps
  const api = adminApplicationsApi

  registerApiRoute(app, api.adminApplications, async (request) =>
    ok(request, await admin.list(request.caller, request.query)),
  )
  registerApiRoute(app, api.adminApplication, async (request) =>
    ok(request, await admin.application(request.caller, request.params.applicationId)),
  )
  registerApiRoute(app, api.adminApplicationCertificate, async (request, reply) => {
    const file = await admin.certificate(request.caller, request.params.applicationId, request.params.slot)
    // A pupil's identity document: kept by no cache, private or shared, and never sniffed as anything else.
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.data)
  })
  registerApiRoute(app, api.adminApplicationApprove, async (request) =>
    ok(request, await admin.approve(request.caller, request.params.applicationId, request.body)),
  )
  registerApiRoute(app, api.adminApplicationReject, async (request) =>
    ok(request, await admin.reject(request.caller, request.params.applicationId, request.body)),
  )
}
