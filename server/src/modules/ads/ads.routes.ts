import { AD_TOKEN_COOKIE } from '@puribox/contract/ads'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { cacheForEveryone } from '../../http/cache-control'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import { SESSION_ABSOLUTE_MS } from '../sessions/sessions.service'
import type { AdPictures } from './ad-pictures'
import { bearerToken } from './ad-tokens'
import type { AdsService } from './ads.service'

/** How long a guest's viewer token is kept by the browser. */
const GUEST_TOKEN_MAX_AGE_S = 180 * 24 * 60 * 60

export function registerAdsRoutes(
  app: FastifyInstance,
  deps: { ads: AdsService; pictures: AdPictures; cookieSecure: boolean },
): void {
  const { ads, pictures, cookieSecure } = deps

  registerApiRoute(app, api.staticData, async (request, reply) => {
    cacheForEveryone(request, reply, 300)
    return ok(request, await ads.staticData())
  })

  registerApiRoute(app, api.adToken, async (request, reply) => {
    const token = ads.tokenFor(request.caller, request.cookies[AD_TOKEN_COOKIE])
    // Readable by the web app (not HttpOnly): it sends it as the bearer token of the ad routes.
    reply.setCookie(AD_TOKEN_COOKIE, token, {
      path: '/',
      httpOnly: false,
      secure: cookieSecure,
      sameSite: 'lax',
      maxAge:
        request.caller.kind === 'member' ? Math.floor(SESSION_ABSOLUTE_MS / 1000) : GUEST_TOKEN_MAX_AGE_S,
    })
    reply.header('cache-control', 'private, no-store')
    return ok(request, { token })
  })

  registerApiRoute(app, api.adList, async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    const bearer = bearerToken(request.headers.authorization)
    const timeTravelling = request.wireClock !== null
    return ok(
      request,
      await ads.list(request.caller, bearer, request.query.spaceId, request.now, { timeTravelling }),
    )
  })

  registerApiRoute(app, api.adReaction, async (request) => {
    const bearer = bearerToken(request.headers.authorization)
    return ok(
      request,
      await ads.react(request.caller, bearer, request.params.id, request.body.kind, request.now),
    )
  })

  registerApiRoute(app, api.adPicture, async (request, reply) => {
    const picture = await pictures.read(request.params.file)
    // Written once under a name made for it and never changed: any cache may keep it for good.
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(picture)
  })
}
