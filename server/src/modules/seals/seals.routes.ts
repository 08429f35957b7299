import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { SealService } from './seals.service'

export function registerSealRoutes(app: FastifyInstance, deps: { seals: SealService }): void {
  registerApiRoute(app, api.seal, async (request) => {
    const { caller } = request
    if (caller.kind === 'guest')
      return ok(request, await deps.seals.getSealSet(request.params.id, request.now, caller))
    return ok(request, await deps.seals.getMemberSealSet(request.params.id, request.now, caller))
  })

  registerApiRoute(app, api.puriPreviewImage, async (request, reply) => {
    const { sealId, number, padding } = request.query
    const image = await deps.seals.previewImage(sealId, number, {
      padding: padding === '1' || padding === 'true',
      now: request.now,
      caller: request.caller,
    })
    // Private: a seal's pictures are for whoever holds its ID, not for shared caches.
    return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(image)
  })
}
