import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'
import type { MemberCaller, SavingService } from './saving.service'

/** The member behind a MEMBERS route (the role guard has already turned guests away). */
function memberCaller(request: FastifyRequest): MemberCaller {
  const session = request.session
  if (!session?.accountId || session.role === 'GUEST') throw new AppError('UNAUTHENTICATED', 'sign in first')
  return { role: session.role, accountId: session.accountId, ip: request.ip }
}

export function registerSavingRoutes(app: FastifyInstance, deps: { saving: SavingService }): void {
  registerApiRoute(
    app,
    api.sealRegistration,
    async (request) =>
      ok(request, await deps.saving.register(request.params.id, memberCaller(request), request.now)),
    // A seal nobody has viewed lately is read together with the member's session, not after it.
    { warm: (request) => deps.saving.warmSeal(String(request.params.id)) },
  )

  registerApiRoute(app, api.unsavedList, async (request) =>
    ok(request, await deps.saving.listUnsaved(memberCaller(request), request.query, request.now)),
  )

  registerApiRoute(app, api.unsavedSummary, async (request) =>
    ok(request, await deps.saving.unsavedSummary(memberCaller(request), request.now)),
  )

  registerApiRoute(app, api.unsavedImage, async (request, reply) => {
    const image = await deps.saving.unsavedImage(request.params.id, memberCaller(request), request.now)
    // Private to its owner, and it stops being served at expiry.
    return reply.type('image/jpeg').header('cache-control', 'private, max-age=600').send(image)
  })
}
