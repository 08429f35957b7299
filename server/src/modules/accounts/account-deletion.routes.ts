import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok, type RequestContextOptions, signOut } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'
import type { AccountDeletionService } from './account-deletion.service'
import { GUEST_STATUS } from './accounts.service'

function accountOf(request: FastifyRequest): string {
  const accountId = request.session?.accountId
  if (!accountId) throw new AppError('UNAUTHENTICATED', 'sign in first')
  return accountId
}

export function registerAccountDeletionRoutes(
  app: FastifyInstance,
  deps: { deletion: AccountDeletionService; context: RequestContextOptions },
): void {
  const { deletion, context } = deps

  registerApiRoute(app, api.accountDeletionCheck, async (request) =>
    ok(request, await deletion.check(accountOf(request))),
  )

  registerApiRoute(app, api.accountDelete, async (request, reply) => {
    await deletion.leave(accountOf(request), request.body, {
      sessionHash: request.session?.idHash ?? null,
      ip: request.ip,
      now: request.now,
    })
    // Every session of the account went with it; this one also loses its cookie.
    await signOut(request, reply, context)
    return ok(request, GUEST_STATUS)
  })
}
