import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { OptimizedFlowService } from './optimized-flows.service'

/** `GET /sp/2/optimized_flow/{flowName}`: the caller's case of one flow, as its table says now. */
export function registerOptimizedFlowRoutes(
  app: FastifyInstance,
  deps: { flows: OptimizedFlowService },
): void {
  registerApiRoute(app, api.optimizedFlow, async (request) => {
    const { caller } = request
    return ok(
      request,
      await deps.flows.caseOf(request.params.flowName, caller.kind === 'member' ? caller.accountId : null),
    )
  })
}
