import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { AuditionsService } from './auditions.service'
import type { GuardianConsentsService } from './guardian-consents.service'

export function registerAuditionsRoutes(
  app: FastifyInstance,
  deps: { auditions: AuditionsService; consents: GuardianConsentsService },
): void {
  const { auditions, consents } = deps

  registerApiRoute(app, api.auditions, async (request) =>
    ok(request, await auditions.list(request.caller.accountId, request.now)),
  )

  registerApiRoute(app, api.auditionCheckStart, async (request) =>
    ok(request, await auditions.start(request.caller.accountId, request.params.id, request.now)),
  )

  registerApiRoute(app, api.auditionCheck, async (request) =>
    ok(request, await auditions.check(request.caller.accountId, request.params.checkId, request.now)),
  )

  registerApiRoute(app, api.auditionGuardianConsent, async (request) =>
    ok(
      request,
      await consents.request(request.caller.accountId, request.params.id, request.body, request.now),
    ),
  )

  registerApiRoute(app, api.auditionConsentRead, async (request) =>
    ok(request, await consents.read(request.body.token, request.caller, request.now)),
  )

  registerApiRoute(app, api.auditionConsentAnswer, async (request) =>
    ok(request, await consents.answer(request.body, request.caller, request.now)),
  )
}
