import fastifyCookie from '@fastify/cookie'
import { type ApiRoute, EVERYONE, GUESTS, MEMBERS, type Role } from '@puribox/contract/routes'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import type { Session, SessionService, StoredSession } from '../modules/sessions/sessions.service'
import { fixedClock } from '../ports/clock'
import { requestContext } from './context'
import { installErrorHandler } from './error-handler'
import { AppError } from './errors'
import { installWarmUps, pageRoleGuard, registerApiRoute, roleGuard } from './routes'

/** A session as a request sees it: a guest's, or a member's of that membership. */
function sessionAs(role: 'GUEST' | 'MINI' | 'PREMIUM' | 'JHS_PREMIUM'): Session {
  return {
    idHash: `hash-of-a-${role.toLowerCase()}-session`,
    accountId: role === 'GUEST' ? null : 'a3f1c0de-0000-4000-8000-000000000001',
    premiumUntil: null,
    schoolPremiumUntil: null,
    nativeApp: false,
    timeTravelTo: null,
    role,
  }
}

function guarded(roles: readonly Role[], role: 'GUEST' | 'MINI' | 'PREMIUM' | null) {
  const request = {
    session: role === null ? null : sessionAs(role),
    ip: '192.0.2.1',
    headers: { 'sec-fetch-site': 'same-origin' },
    caller: null,
  } as unknown as FastifyRequest
  let result = 'not called'
  const headers: Record<string, string> = {}
  const reply = {
    header: (name: string, value: string) => {
      headers[name] = value
      return reply
    },
  } as unknown as FastifyReply
  roleGuard(roles)(request, reply, (error) => {
    result = error ? (error as AppError).code : 'admitted'
  })
  return { result, caller: request.caller, headers }
}

function outcome(roles: readonly Role[], role: 'GUEST' | 'MINI' | 'PREMIUM' | null): string {
  return guarded(roles, role).result
}

describe('roleGuard', () => {
  it("marks every answer to a member as kept by no cache, and a guest's as the route decides", () => {
    expect(guarded(MEMBERS, 'MINI').headers).toEqual({ 'cache-control': 'private, no-store' })
    expect(guarded(GUESTS, 'MINI').headers).toEqual({ 'cache-control': 'private, no-store' })
    expect(guarded(EVERYONE, null).headers).toEqual({})
  })

  it('admits exactly the roles a route declares', () => {
    expect(outcome(EVERYONE, null)).toBe('admitted')
    expect(outcome(EVERYONE, 'PREMIUM')).toBe('admitted')
    expect(outcome(MEMBERS, 'MINI')).toBe('admitted')
    expect(outcome(GUESTS, 'GUEST')).toBe('admitted')
  })

  it('tells a guest to sign in, a member on a guests-only route to sign out, anyone else no', () => {
    expect(outcome(MEMBERS, null)).toBe('UNAUTHENTICATED')
    expect(outcome(MEMBERS, 'GUEST')).toBe('UNAUTHENTICATED')
    expect(outcome(GUESTS, 'MINI')).toBe('ALREADY_SIGNED_IN')
    expect(outcome(['PREMIUM'], 'MINI')).toBe('FORBIDDEN')
  })

  it('makes the caller of an admitted request from its session, and none of a refused one', () => {
    expect(guarded(EVERYONE, null).caller).toEqual({
      kind: 'guest',
      sessionHash: null,
      ip: '192.0.2.1',
      otherSite: false,
    })
    expect(guarded(EVERYONE, 'GUEST').caller).toEqual({
      kind: 'guest',
      sessionHash: 'hash-of-a-guest-session',
      ip: '192.0.2.1',
      otherSite: false,
    })
    expect(guarded(MEMBERS, 'PREMIUM').caller).toEqual({
      kind: 'member',
      accountId: 'a3f1c0de-0000-4000-8000-000000000001',
      membership: 'PREMIUM',
      sessionHash: 'hash-of-a-premium-session',
      ip: '192.0.2.1',
    })
    expect(guarded(MEMBERS, null).caller).toBeNull()
    expect(guarded(GUESTS, 'MINI').caller).toBeNull()
  })

  it('answers with the statuses of the contract', () => {
    expect(new AppError('UNAUTHENTICATED').status).toBe(401)
    expect(new AppError('ALREADY_SIGNED_IN').status).toBe(403)
    expect(new AppError('FORBIDDEN').status).toBe(403)
  })
})

describe('pageRoleGuard', () => {
  function open(roles: readonly Role[], role: 'MINI' | null, accept: string) {
    const request = {
      session: role === null ? null : sessionAs(role),
      ip: '192.0.2.1',
      headers: { accept },
      url: '/sp/2/link/line/puriboxauth?acp=%2Fsp%2Fsetting%2Fsetting',
    } as unknown as FastifyRequest
    let redirectedTo: string | null = null
    let result = 'not called'
    const reply = {
      redirect: (to: string, status: number) => {
        redirectedTo = `${status} ${to}`
        return reply
      },
      header: () => reply,
    } as unknown as FastifyReply
    pageRoleGuard(roles)(request, reply, (error) => {
      result = error ? (error as AppError).code : 'admitted'
    })
    return { result, redirectedTo }
  }

  it('sends a browser guest to sign in and back, instead of JSON', () => {
    expect(open(MEMBERS, null, 'text/html,application/xhtml+xml')).toEqual({
      result: 'not called',
      redirectedTo:
        '303 /web/login/top?next=%2Fsp%2F2%2Flink%2Fline%2Fpuriboxauth%3Facp%3D%252Fsp%252Fsetting%252Fsetting',
    })
  })

  it('explains a member on a guests-only page on the failure page', () => {
    expect(open(GUESTS, 'MINI', 'text/html')).toEqual({
      result: 'not called',
      redirectedTo: '303 /web/login/fail?reason=ALREADY_SIGNED_IN',
    })
  })

  it('answers API callers and admitted browsers as roleGuard does', () => {
    expect(open(MEMBERS, null, 'application/json')).toEqual({ result: 'UNAUTHENTICATED', redirectedTo: null })
    expect(open(MEMBERS, 'MINI', 'text/html')).toEqual({ result: 'admitted', redirectedTo: null })
  })
})

describe('installWarmUps', () => {
  it("calls a route's warm with its raw params before the hooks installed after it (the session lookup)", async () => {
    const app = Fastify()
    const order: string[] = []
    installWarmUps(app)
    app.addHook('onRequest', async () => {
      order.push('session')
    })
    app.get(
      '/seals/:id',
      { config: { warm: (request) => order.push(`warm ${(request.params as { id: string }).id}`) } },
      async () => {
        order.push('handler')
        return {}
      },
    )
    app.get('/plain', async () => ({}))
    await app.inject('/seals/abc')
    await app.inject('/plain')
    expect(order).toEqual(['warm abc', 'session', 'handler', 'session'])
    await app.close()
  })
})

describe('registerApiRoute: the caller each handler gets', () => {
  const NOW = new Date('2026-11-20T03:00:00Z')
  const MEMBER_ID = 'a3f1c0de-0000-4000-8000-000000000001'
  /** Cookie values and the sessions they stand for; any other cookie is unknown (or expired) to the store. */
  const stored: Record<string, StoredSession> = {
    guest: {
      idHash: 'guest-hash',
      accountId: null,
      premiumUntil: null,
      schoolPremiumUntil: null,
      nativeApp: false,
      timeTravelTo: null,
    },
    mini: {
      idHash: 'mini-hash',
      accountId: MEMBER_ID,
      premiumUntil: null,
      schoolPremiumUntil: null,
      nativeApp: false,
      timeTravelTo: null,
    },
    premium: {
      idHash: 'premium-hash',
      accountId: MEMBER_ID,
      premiumUntil: new Date('2026-12-20T03:00:00Z'),
      schoolPremiumUntil: null,
      nativeApp: false,
      timeTravelTo: null,
    },
    // The junior-high free premium over a paid premium that also runs (decision 0047).
    jhs: {
      idHash: 'jhs-hash',
      accountId: MEMBER_ID,
      premiumUntil: new Date('2026-12-20T03:00:00Z'),
      schoolPremiumUntil: new Date('2027-03-31T15:00:00Z'),
      nativeApp: false,
      timeTravelTo: null,
    },
    // The junior-high free premium ended yesterday, a paid period is left: premium now.
    jhsLapsed: {
      idHash: 'jhs-lapsed-hash',
      accountId: MEMBER_ID,
      premiumUntil: new Date('2026-12-20T03:00:00Z'),
      schoolPremiumUntil: new Date('2026-11-19T03:00:00Z'),
      nativeApp: false,
      timeTravelTo: null,
    },
    // Premium ended yesterday: a mini member now.
    lapsed: {
      idHash: 'lapsed-hash',
      accountId: MEMBER_ID,
      premiumUntil: new Date('2026-11-19T03:00:00Z'),
      schoolPremiumUntil: null,
      nativeApp: false,
      timeTravelTo: null,
    },
  }
  const route = <const Roles extends readonly Role[]>(
    path: string,
    roles: Roles,
    method: 'GET' | 'POST' = 'GET',
  ) => ({ method, path, roles, summary: path, tag: 'debug' }) satisfies ApiRoute

  async function appWithRoutes() {
    const app = Fastify()
    const seen: string[] = []
    app.setValidatorCompiler(validatorCompiler)
    installErrorHandler(app)
    await app.register(fastifyCookie)
    await app.register(requestContext, {
      sessions: { resolve: async (cookie: string) => stored[cookie] ?? null } as unknown as SessionService,
      clock: fixedClock(NOW),
      timeTravel: false,
      cookieSecure: false,
    })
    registerApiRoute(app, route('/everyone', EVERYONE), async (request) => {
      seen.push(`everyone ${request.caller.kind}`)
      return request.caller
    })
    registerApiRoute(app, route('/members', MEMBERS), async (request) => {
      // The type admits members only; the guard makes it true.
      seen.push(`members ${request.caller.kind} ${request.caller.membership}`)
      return request.caller
    })
    registerApiRoute(app, route('/premium', ['PREMIUM']), async (request) => request.caller)
    registerApiRoute(app, route('/guests', GUESTS), async (request) => request.caller)
    registerApiRoute(
      app,
      route('/booth', ['MACHINE'], 'POST'),
      async (request) => {
        seen.push(`booth ${request.caller.machineId}`)
        return request.caller
      },
      {
        authenticate: async (request) => {
          if (request.headers.authorization !== 'Bearer good-key') throw new AppError('MACHINE_KEY_INVALID')
          return { kind: 'machine', machineId: 'm-1' }
        },
      },
    )
    registerApiRoute(
      app,
      route('/gateway', ['GATEWAY'], 'POST'),
      async (request) => {
        seen.push('gateway')
        return request.caller
      },
      {
        authenticate: async (request) => {
          if (request.headers['x-signature'] !== 'good') throw new AppError('PAYMENT_SIGNATURE_INVALID')
          return { kind: 'gateway' }
        },
      },
    )
    return { app, seen }
  }

  async function call(
    app: FastifyInstance,
    url: string,
    options: { cookie?: string; method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
  ) {
    const response = await app.inject({
      method: options.method ?? 'GET',
      url,
      headers: { ...options.headers, ...(options.cookie ? { cookie: `pbx_session=${options.cookie}` } : {}) },
    })
    return { status: response.statusCode, body: response.json() }
  }

  it('gives every kind of caller to a route that admits it', async () => {
    const { app } = await appWithRoutes()
    expect((await call(app, '/everyone')).body).toEqual({
      kind: 'guest',
      sessionHash: null,
      ip: '127.0.0.1',
      otherSite: false,
    })
    expect((await call(app, '/everyone', { cookie: 'guest' })).body).toEqual({
      kind: 'guest',
      sessionHash: 'guest-hash',
      ip: '127.0.0.1',
      otherSite: false,
    })
    // The browser's mark for another site's page reaches the caller.
    const embedded = await call(app, '/everyone', { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(embedded.body).toMatchObject({ kind: 'guest', otherSite: true })
    expect((await call(app, '/everyone', { cookie: 'mini' })).body).toEqual({
      kind: 'member',
      accountId: MEMBER_ID,
      membership: 'MINI',
      sessionHash: 'mini-hash',
      ip: '127.0.0.1',
    })
    expect((await call(app, '/members', { cookie: 'premium' })).body).toMatchObject({
      kind: 'member',
      membership: 'PREMIUM',
    })
    // The membership is as of the request's now: premium ended, so a mini member.
    expect((await call(app, '/members', { cookie: 'lapsed' })).body).toMatchObject({ membership: 'MINI' })
    // JHS_PREMIUM over PREMIUM; once it has ended, the paid period left makes a premium member.
    expect((await call(app, '/members', { cookie: 'jhs' })).body).toMatchObject({ membership: 'JHS_PREMIUM' })
    expect((await call(app, '/members', { cookie: 'jhsLapsed' })).body).toMatchObject({
      membership: 'PREMIUM',
    })
    // A route for paid premium only does not admit the junior-high kind.
    expect((await call(app, '/premium', { cookie: 'jhs' })).status).toBe(403)
    expect((await call(app, '/guests', { cookie: 'guest' })).body).toMatchObject({ kind: 'guest' })
    expect(
      (await call(app, '/booth', { method: 'POST', headers: { authorization: 'Bearer good-key' } })).body,
    ).toEqual({ kind: 'machine', machineId: 'm-1' })
    expect(
      (await call(app, '/gateway', { method: 'POST', headers: { 'x-signature': 'good' } })).body,
    ).toEqual({
      kind: 'gateway',
    })
    await app.close()
  })

  it('never lets a guest reach a members-only handler: no session, an unknown or expired one, a guest one are 401', async () => {
    const { app, seen } = await appWithRoutes()
    for (const cookie of [undefined, 'guest', 'expired-or-unknown']) {
      const answer = await call(app, '/members', cookie === undefined ? {} : { cookie })
      expect(answer.status, String(cookie)).toBe(401)
      expect(answer.body.error.code).toBe('UNAUTHENTICATED')
    }
    expect((await call(app, '/members', { cookie: 'mini' })).status).toBe(200)
    expect(seen).toEqual(['members member MINI'])
    await app.close()
  })

  it('refuses other mismatches as the guard always has', async () => {
    const { app } = await appWithRoutes()
    expect((await call(app, '/guests', { cookie: 'mini' })).body.error.code).toBe('ALREADY_SIGNED_IN')
    expect((await call(app, '/premium', { cookie: 'mini' })).body.error.code).toBe('FORBIDDEN')
    await app.close()
  })

  it("makes a service's caller by its authenticator alone, before the handler: a member's session is no credential", async () => {
    const { app, seen } = await appWithRoutes()
    const refused = [
      await call(app, '/booth', { method: 'POST', cookie: 'mini' }),
      await call(app, '/booth', { method: 'POST', headers: { authorization: 'Bearer wrong-key' } }),
      await call(app, '/booth', { method: 'POST', headers: { 'x-signature': 'good' } }),
      await call(app, '/gateway', { method: 'POST', cookie: 'premium' }),
      await call(app, '/gateway', { method: 'POST', headers: { authorization: 'Bearer good-key' } }),
    ]
    expect(refused.map((answer) => `${answer.status} ${answer.body.error.code}`)).toEqual([
      '401 MACHINE_KEY_INVALID',
      '401 MACHINE_KEY_INVALID',
      '401 MACHINE_KEY_INVALID',
      '401 PAYMENT_SIGNATURE_INVALID',
      '401 PAYMENT_SIGNATURE_INVALID',
    ])
    expect(seen).toEqual([])
    await app.close()
  })

  it("refuses to register a service's route without its authenticator, or one that mixes callers", () => {
    const app = Fastify()
    expect(() =>
      // @ts-expect-error: a MACHINE route must say how its caller is authenticated.
      registerApiRoute(app, route('/booth', ['MACHINE'], 'POST'), async () => null),
    ).toThrow(/needs its authenticator/)
    expect(() =>
      registerApiRoute(app, route('/mixed', ['MACHINE', 'MINI'], 'POST'), async () => null, {
        authenticate: async () => ({ kind: 'machine', machineId: 'm-1' }),
      }),
    ).toThrow(/admits that service alone/)
  })
})
