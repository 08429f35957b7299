import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { AuditionsService } from './auditions.service'

export function registerAuditionsRoutes(app: FastifyInstance, deps: { auditions: AuditionsService }): void {
  const { auditions } = deps

  registerApiRoute(app, api.auditions, async (request) =>
    ok(request, await auditions.list(request.caller.accountId, request.now)),
  )

  registerApiRoute(app, api.auditionCheckStart, async (request) =>
    ok(request, await auditions.start(request.caller.accountId, request.params.id, request.now)),
  )

  registerApiRoute(app, api.auditionCheck, async (request) =>
    ok(request, await auditions.check(request.caller.accountId, request.params.checkId)),
  )
}
