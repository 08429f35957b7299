import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { GuestKey, GuestKeys } from '../penalties/guest-keys'
import type { SealService } from './seals.service'

export function registerSealRoutes(
  app: FastifyInstance,
  deps: { seals: SealService; guestKeys: GuestKeys },
): void {
  registerApiRoute(app, api.seal, async (request, reply) => {
    const { caller } = request
    const { from } = request.query
    if (caller.kind === 'guest') {
      const view = await deps.guestKeys.withGuestKey(request, reply, (guestKey) =>
        deps.seals.getSealSet(request.params.id, request.now, caller, guestKey, from),
      )
      return ok(request, view)
    }
    return ok(request, await deps.seals.getMemberSealSet(request.params.id, request.now, caller, from))
  })

  registerApiRoute(app, api.puriPreviewImage, async (request, reply) => {
    const { sealId, number, padding } = request.query
    const { caller } = request
    const preview = (guestKey: GuestKey | null) =>
      deps.seals.previewImage(sealId, number, {
        padding: padding === '1' || padding === 'true',
        now: request.now,
        caller,
        guestKey,
      })
    const image =
      caller.kind === 'guest'
        ? await deps.guestKeys.withGuestKey(request, reply, preview)
        : await preview(null)
    // Private: a seal's pictures are for whoever holds its ID, not for shared caches.
    return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(image)
  })
}
