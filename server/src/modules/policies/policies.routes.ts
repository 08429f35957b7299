import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { PolicyService } from './policies.service'

/** The route table admits members only, so a signed-in account is there. */
function accountIdOf(request: FastifyRequest): string {
  const accountId = request.session?.accountId
  if (!accountId) throw new Error('members-only route reached without an account')
  return accountId
}

export function registerPolicyRoutes(app: FastifyInstance, deps: { policies: PolicyService }): void {
  const { policies } = deps

  registerApiRoute(app, api.policyStatusesLatest, async (request) =>
    ok(request, await policies.latestStatuses(accountIdOf(request))),
  )

  registerApiRoute(app, api.agreePolicies, async (request) =>
    ok(request, await policies.agree(accountIdOf(request), request.body, request.now)),
  )
}
