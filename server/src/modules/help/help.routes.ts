import { Negotiator } from '@fastify/accept-negotiator'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { matchesEtag } from '../../http/etag'
import { registerApiRoute } from '../../http/routes'
import type { HelpService } from './help.service'

/**
 * Any cache may keep it for five minutes: the web app asks with the current five minutes as `t`,
 * so a new address comes after them and an edit reaches everyone within that time (decision 0039).
 */
export const HELP_CACHE_CONTROL = 'public, max-age=300'

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] })

export function registerHelpRoutes(app: FastifyInstance, deps: { help: HelpService }): void {
  registerApiRoute(app, api.helpDocument, async (request, reply) => {
    const file = await deps.help.file()
    reply
      .header('cache-control', HELP_CACHE_CONTROL)
      .header('etag', file.etag)
      .header('vary', 'accept-encoding')
    if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send()
    const accepted = request.headers['accept-encoding']
    const encoding = accepted ? encodings.negotiate(accepted) : null
    reply.type('application/json; charset=utf-8')
    // Compressed once per version by the service; the compression plugin leaves an encoded answer alone.
    if (encoding) return reply.header('content-encoding', encoding).send(file[encoding])
    return reply.send(file.json)
  })
}
