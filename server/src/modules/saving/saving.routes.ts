import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { SavingService } from './saving.service'

export function registerSavingRoutes(app: FastifyInstance, deps: { saving: SavingService }): void {
  registerApiRoute(
    app,
    api.sealRegistration,
    async (request) =>
      ok(
        request,
        await deps.saving.register(request.params.id, request.caller, request.now, request.query.from),
      ),
    // A seal nobody has viewed lately is read together with the member's session, not after it.
    { warm: (request) => deps.saving.warmSeal(String(request.params.id)) },
  )

  registerApiRoute(app, api.unsavedList, async (request) =>
    ok(request, await deps.saving.listUnsaved(request.caller, request.query, request.now)),
  )

  registerApiRoute(app, api.unsavedSummary, async (request) =>
    ok(request, await deps.saving.unsavedSummary(request.caller, request.now)),
  )

  registerApiRoute(app, api.unsavedImage, async (request, reply) => {
    const image = await deps.saving.unsavedImage(request.params.id, request.caller, request.now)
    // Private to its owner (the role guard's `private, no-store`), and not served after expiry.
    return reply.type('image/jpeg').send(image)
  })
}
