import type { DynamicLinks } from '@puribox/contract/dynamic-links'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { cacheForEveryone } from '../../http/cache-control'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'

export function registerDynamicLinksRoutes(app: FastifyInstance, links: DynamicLinks): void {
  registerApiRoute(app, api.dynamicLinks, async (request, reply) => {
    cacheForEveryone(request, reply, 3600)
    return ok(request, links)
  })
}
