import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok, type RequestContextOptions, signOut } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { AccountDeletionService } from './account-deletion.service'
import { GUEST_STATUS } from './accounts.service'

export function registerAccountDeletionRoutes(
  app: FastifyInstance,
  deps: { deletion: AccountDeletionService; context: RequestContextOptions },
): void {
  const { deletion, context } = deps

  registerApiRoute(app, api.accountDeletionCheck, async (request) =>
    ok(request, await deletion.check(request.caller, request.now)),
  )

  registerApiRoute(app, api.accountDelete, async (request, reply) => {
    await deletion.leave(request.caller, request.body, request.now)
    // Every session of the account went with it; this one also loses its cookie.
    await signOut(request, reply, context)
    return ok(request, GUEST_STATUS)
  })
}
