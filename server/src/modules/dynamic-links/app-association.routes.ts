import { links, pages } from '@puribox/contract/pages'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig } from '../../config'
import { cacheForEveryone } from '../../http/cache-control'

export type AppAssociation = AppConfig['appAssociation']

const MYPAGE_PATH = pages.find((page) => page.screen === 'mypage')?.path ?? '/sp/2/mypage/'

/**
 * The pages the installed app opens from a universal link or an App Link: those the web offers to
 * open in the app (my page with every view of it, a seal's pictures) and the universal link's own
 * page. Only these: a tap on any other address of the site (a payment's return, a mailed sign-up
 * link) stays in the browser, where its session is.
 */
export function appPaths(universalLinkUrl: string): string[] {
  const paths = [`${MYPAGE_PATH}*`, links.preview]
  try {
    const own = new URL(universalLinkUrl).pathname
    if (!paths.includes(own)) paths.push(own)
  } catch {
    // The configuration checked it; nothing to add otherwise.
  }
  return paths
}

function sendJson(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  cacheForEveryone(request, reply, 3600)
  return reply.type('application/json').send(JSON.stringify(body))
}

/**
 * The association files iOS and Android fetch from the universal link's host before they let the app
 * open its addresses (`/.well-known/apple-app-site-association`, `/.well-known/assetlinks.json`):
 * JSON at those exact paths, no redirect. Without a configured app, 404: no app is associated.
 */
export function registerAppAssociationRoutes(
  app: FastifyInstance,
  { association, universalLinkUrl }: { association: AppAssociation; universalLinkUrl: string },
): void {
  // Files for the phone's operating system, not operations of the API: kept out of /openapi.json.
  app.get('/.well-known/apple-app-site-association', { schema: { hide: true } }, async (request, reply) => {
    if (!association.iosAppId) return reply.code(404).send()
    return sendJson(request, reply, {
      applinks: {
        details: [
          {
            appIDs: [association.iosAppId],
            components: appPaths(universalLinkUrl).map((path) => ({ '/': path })),
          },
        ],
      },
    })
  })

  app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (request, reply) => {
    if (!association.androidPackage || association.androidCertSha256.length === 0)
      return reply.code(404).send()
    return sendJson(request, reply, [
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: association.androidPackage,
          sha256_cert_fingerprints: association.androidCertSha256,
        },
      },
    ])
  })
}

/**
 * The universal link's host when it is not the site's own (iOS hands the app a tap on a link only
 * when it leads to another host than the page's, so production gives the link a host of its own,
 * served by this server). There, the association files are answered, and any other address, which a
 * browser asks for only when the app is not installed, goes to the same address of the site, where
 * the person's session is.
 */
export function redirectAppHost(
  app: FastifyInstance,
  { publicUrl, universalLinkUrl }: { publicUrl: string; universalLinkUrl: string },
): void {
  let appHost: string
  let siteHost: string
  try {
    appHost = new URL(universalLinkUrl).host.toLowerCase()
    siteHost = new URL(publicUrl).host.toLowerCase()
  } catch {
    return
  }
  if (appHost === siteHost) return
  const site = publicUrl.replace(/\/+$/, '')
  app.addHook('onRequest', async (request, reply) => {
    if (request.host.toLowerCase() !== appHost || request.url.startsWith('/.well-known/')) return
    const path = request.url.startsWith('/') ? request.url : `/${request.url}`
    return reply.header('cache-control', 'no-store').redirect(`${site}${path}`, 302)
  })
}
