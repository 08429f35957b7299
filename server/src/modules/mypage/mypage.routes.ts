import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { ok } from '../../http/context'
import { matchesEtag } from '../../http/etag'
import { registerApiRoute } from '../../http/routes'
import type { MypageService, PlayZip } from './mypage.service'

/** A ZIP as a download: its exact length, its file name, kept by no cache. */
function sendZip(reply: FastifyReply, zip: PlayZip) {
  return reply
    .type('application/zip')
    .header('content-length', zip.size)
    .header('content-disposition', `attachment; filename="${zip.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(zip.stream)
}

export function registerMypageRoutes(app: FastifyInstance, deps: { mypage: MypageService }): void {
  registerApiRoute(app, api.savedPlays, async (request) =>
    ok(request, await deps.mypage.listPlays(request.caller, request.query.page, request.now)),
  )

  registerApiRoute(app, api.savedImage, async (request, reply) => {
    const acceptsWebp = (request.headers.accept ?? '').includes('image/webp')
    const file = await deps.mypage.savedImage(request.caller, request.params.file, acceptsWebp)
    // Kept by no cache (the role guard's `private, no-store`): a member's pictures are not left on a
    // shared phone after they sign out. The ETag still spares a download the browser holds in memory.
    reply.header('etag', file.etag)
    if (file.variesByAccept) reply.header('vary', 'Accept')
    if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send()
    return reply.type(file.contentType).send(await file.read())
  })

  registerApiRoute(app, api.playZip, async (request, reply) =>
    sendZip(reply, await deps.mypage.playZip(request.caller.accountId, request.params.sealId)),
  )

  registerApiRoute(app, api.savedZip, async (request, reply) =>
    sendZip(reply, await deps.mypage.savedZip(request.caller.accountId)),
  )
}
