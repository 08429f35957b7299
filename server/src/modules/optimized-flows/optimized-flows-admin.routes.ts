import { adminFlowsApi } from '@puribox/contract/admin-flows'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { OptimizedFlowsAdminService } from './optimized-flows-admin.service'

/** The console's routes for the optimised flows: each hands the operator (the actor) and its input to the service. */
export function registerOptimizedFlowsAdminRoutes(
  app: FastifyInstance,
  deps: { admin: OptimizedFlowsAdminService },
): void {
  const { admin } = deps
  const api = adminFlowsApi

  registerApiRoute(app, api.adminFlows, async (request) => ok(request, await admin.flows(request.caller)))
  registerApiRoute(app, api.adminFlow, async (request) =>
    ok(request, await admin.flow(request.caller, request.params.flowName)),
  )
  registerApiRoute(app, api.adminFlowChange, async (request) =>
    ok(request, await admin.change(request.caller, request.params.flowName, request.body)),
  )
}
