import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import {
  EXTERNAL_AUTH_CALLBACK_PATH,
  EXTERNAL_PROVIDERS,
  isExternalProvider,
} from '@puribox/contract/external-auth'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { InteractionDetails } from 'oidc-provider'
import { SANDBOX_AUTH_PATH } from '../../config'
import { handOverHeaders } from '../../http/security-headers'
import { serveSandboxStylesheet } from '../sandbox-page'
import { createSandboxAdapterFactory } from './sandbox-auth.adapter'
import { errorPage, interactionPage, SANDBOX_AUTH_STYLE, SANDBOX_AUTH_STYLESHEET } from './sandbox-auth.page'
import {
  isSandboxPerson,
  providerOfSandboxSubject,
  sandboxLineMayAddOn,
  sandboxSubject,
} from './sandbox-identities'

export interface SandboxAuthOptions {
  /** The site's address: the issuer is `${publicUrl}/_sandbox/auth`, PuriBox's callback is under it too. */
  publicUrl: string
  clientId: string
  clientSecret: string
  /** Trust X-Forwarded-Proto (a tester's TLS tunnel), as the app does. */
  trustProxy: boolean | string
}

/** oidc-provider's session cookie (and its `.sig`). */
const SANDBOX_SESSION_COOKIE = '_session'

/** A signing key made at start: the sandbox's tokens need not outlive the process. */
function signingKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' }
}

/**
 * The development stand-in for the external auth service (docs/guide/ground-rules.md): a real OIDC issuer
 * (oidc-provider) under /_sandbox/auth whose sign-in page lets a tester pick LINE, Twitter, au,
 * docomo or softbank and a test person. Its ID tokens carry `provider` and a `sub` of that provider.
 * PuriBox's client code does not know it talks to a sandbox. Never mounted in production.
 */
export async function mountSandboxAuth(app: FastifyInstance, options: SandboxAuthOptions): Promise<void> {
  // Loaded only here, so production never loads the issuer at all.
  const { default: Provider } = await import('oidc-provider')
  const base = SANDBOX_AUTH_PATH

  const provider = new Provider(`${options.publicUrl}${base}`, {
    adapter: createSandboxAdapterFactory(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [`${options.publicUrl}${EXTERNAL_AUTH_CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    findAccount: async (_ctx, sub) => {
      const signedInWith = providerOfSandboxSubject(sub)
      if (!signedInWith) return undefined
      return {
        accountId: sub,
        claims: () => ({ sub, provider: signedInWith, carrier_add_on: sandboxLineMayAddOn(sub) }),
      }
    },
    // `provider` and `carrier_add_on` ride in the ID token itself: PuriBox needs no userinfo call.
    claims: { openid: ['sub', 'provider', 'carrier_add_on'] },
    conformIdTokenClaims: false,
    extraParams: ['provider'],
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${base}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    // Seconds. A sandbox sign-in is a moment's work; nothing it issues needs to last.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    renderError: async (ctx) => {
      ctx.type = 'html'
      ctx.body = errorPage()
    },
  })
  provider.proxy = options.trustProxy !== false
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'sandbox auth service failed'))

  const providersFor = (details: InteractionDetails) => {
    const asked = details.params.provider
    return isExternalProvider(asked) ? [asked] : EXTERNAL_PROVIDERS
  }

  /** The pending sign-in of this browser for this page (by the issuer's interaction cookie), or null. */
  const interactionOf = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw)
      return details.uid === request.params.uid ? details : null
    } catch {
      return null
    }
  }
  const broken = (reply: FastifyReply) =>
    reply.status(400).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(errorPage())

  // The sign-in page and its two answers: ordinary routes, with a form parser of their own.
  serveSandboxStylesheet(app, SANDBOX_AUTH_STYLESHEET, SANDBOX_AUTH_STYLE)
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    scope.get<{ Params: { uid: string } }>(
      `${base}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await interactionOf(request, reply)
        if (!details) return broken(reply)
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(interactionPage({ base, uid: details.uid, providers: providersFor(details) }))
      },
    )

    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${base}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await interactionOf(request, reply)
        const chosen = request.body?.provider
        const person = request.body?.person
        if (!details || !isExternalProvider(chosen) || !isSandboxPerson(person)) return broken(reply)
        if (!providersFor(details).includes(chosen)) return broken(reply)
        const accountId = sandboxSubject(chosen, person)
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
        grant.addOIDCScope(String(details.params.scope ?? 'openid'))
        const grantId = await grant.save()
        handOverHeaders(reply)
        reply.hijack()
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId, remember: false }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        )
      },
    )

    scope.post<{ Params: { uid: string } }>(
      `${base}/interaction/:uid/abort`,
      { schema: { hide: true } },
      async (request, reply) => {
        if (!(await interactionOf(request, reply))) return broken(reply)
        handOverHeaders(reply)
        reply.hijack()
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'the person cancelled the sign-in' },
          { mergeWithLastSubmission: false },
        )
      },
    )
  })

  // Everything else under the prefix is the issuer itself (discovery, authorization, token, JWKS),
  // a Koa application: it gets the raw request with the body unread and the prefix as its mount path.
  const callback = provider.callback()
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${base}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        handOverHeaders(reply)
        reply.hijack()
        const raw = request.raw as IncomingMessage & { originalUrl?: string }
        raw.originalUrl = raw.url
        raw.url = raw.url?.slice(base.length) || '/'
        // The sandbox remembers no one: without its session cookie every sign-in asks whom to sign
        // in as (a tester switches people at will; a remembered one would make it ask to sign out).
        const cookies = raw.headers.cookie
        if (cookies) {
          raw.headers.cookie = cookies
            .split(';')
            .filter((cookie) => !cookie.trim().startsWith(SANDBOX_SESSION_COOKIE))
            .join(';')
        }
        await callback(raw, reply.raw)
      },
    })
  })
}
