import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { PolicyService } from './policies.service'

export function registerPolicyRoutes(app: FastifyInstance, deps: { policies: PolicyService }): void {
  const { policies } = deps

  registerApiRoute(app, api.policyStatusesLatest, async (request) =>
    ok(request, await policies.latestStatuses(request.caller.accountId)),
  )

  registerApiRoute(app, api.latestPolicies, async (request) => ok(request, await policies.latest()))

  registerApiRoute(app, api.agreePolicies, async (request) =>
    ok(request, await policies.agree(request.caller.accountId, request.body, request.now)),
  )
}
