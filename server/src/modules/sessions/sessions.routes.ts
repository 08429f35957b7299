import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok, type RequestContextOptions, signOutEverywhere } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import { GUEST_STATUS } from '../accounts/accounts.service'

/** The member's own sessions: where they are signed in, and signing out of all of them at once. */
export function registerSessionsRoutes(app: FastifyInstance, deps: { context: RequestContextOptions }): void {
  const { context } = deps

  registerApiRoute(app, api.accountSessions, async (request) =>
    ok(request, {
      sessions: await context.sessions.listOf(request.caller.accountId, request.caller.sessionHash),
    }),
  )

  registerApiRoute(app, api.logoutEverywhere, async (request, reply) => {
    await signOutEverywhere(request, reply, request.caller.accountId, context)
    return ok(request, GUEST_STATUS)
  })
}
