import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { BannerService } from './banners.service'

export function registerBannerRoutes(app: FastifyInstance, deps: { banners: BannerService }): void {
  registerApiRoute(app, api.banner, async (request) =>
    ok(request, await deps.banners.bannerOf(request.params.spaceId, request.now)),
  )
}
