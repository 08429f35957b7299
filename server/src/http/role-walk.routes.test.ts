import { existsSync } from 'node:fs'
import path from 'node:path'
import { adminApi } from '@puribox/contract/admin-api'
import { pages } from '@puribox/contract/pages'
import type { ApiRoute, Role } from '@puribox/contract/routes'
import { describe, expect, it } from 'vitest'
import { DEV_PAYMENT } from '../config'
import { signNotification } from '../modules/payments/signature'
import { SESSION_ABSOLUTE_MS } from '../modules/sessions/sessions.service'
import { fixedClock } from '../ports/clock'
import {
  answersWrapper,
  changesState,
  checkListedError,
  checkSuccess,
  checkWrapper,
  contractRoutes,
  describeResponse,
  injectOptions,
  SAME_ORIGIN_HEADERS,
  serviceOf,
} from '../test/contract-requests'
import { createMachine, createSession } from '../test/factories'
import { useTestApp } from '../test/harness'
import { createRouteWorld, type Member, type RouteWorld, routeInput, secretsOf } from '../test/route-fixtures'
import { ADMIN_SHELL_ROUTES } from './admin-pages'
import { ROOT_REDIRECTS } from './pages'

/**
 * Every route declares which roles may call it, so that no route is open by mistake; this walks every route of the
 * contract's table with every kind of caller: guests, members, a member whose session has ended,
 * a booth and the payment gateway. Nothing here lists routes: a route added to `api` is walked.
 */

interface Caller {
  name: string
  /** The role the route table knows the caller by. */
  role: Exclude<Role, 'MACHINE' | 'GATEWAY'>
  cookie: string | null
  /** A service's credential the caller presents besides (or instead of) a session. */
  headers: Record<string, string>
  member: Member | null
}

/** Guests first, the owner last: a route that ends the caller's session or account (sign-out, leaving) must not spoil the others' calls. */
function callersOf(world: RouteWorld): Caller[] {
  return [
    { name: 'guest', role: 'GUEST', cookie: null, headers: {}, member: null },
    { name: 'guest session', role: 'GUEST', cookie: world.guestSession.cookie, headers: {}, member: null },
    { name: 'premium', role: 'PREMIUM', cookie: world.premium.cookie, headers: {}, member: world.premium },
    {
      name: 'junior-high premium',
      role: 'JHS_PREMIUM',
      cookie: world.jhs.cookie,
      headers: {},
      member: world.jhs,
    },
    {
      name: 'another member',
      role: 'MINI',
      cookie: world.otherMember.cookie,
      headers: {},
      member: world.otherMember,
    },
    { name: 'mini (owner)', role: 'MINI', cookie: world.owner.cookie, headers: {}, member: world.owner },
  ]
}

/**
 * Callers a person's route must take for guests: the owner's session past its end (never a 500, never
 * the owner's data), and a booth's or the gateway's good credential, which makes no one a member.
 */
async function guestLikeCallersOf(world: RouteWorld): Promise<Caller[]> {
  const { db, clock } = world.context
  const longAgo = fixedClock(new Date(clock.now().getTime() - SESSION_ABSOLUTE_MS - 60_000))
  const expired = await createSession(db, longAgo, { account: world.owner.account })
  const guest = { role: 'GUEST', member: null } as const
  return [
    { ...guest, name: 'owner, session expired', cookie: expired.cookie, headers: {} },
    { ...guest, name: 'a booth', cookie: null, headers: await serviceCredentials(world).MACHINE() },
    { ...guest, name: 'the gateway', cookie: null, headers: await serviceCredentials(world).GATEWAY() },
  ]
}

/** Good credentials of each service: a booth's machine key, the gateway's signature (of an empty body). */
function serviceCredentials(world: RouteWorld) {
  return {
    MACHINE: async () => ({ authorization: `Bearer ${(await createMachine(world.context.db)).key}` }),
    GATEWAY: async () => ({
      'puribox-pay-signature': signNotification(
        DEV_PAYMENT.notificationSecret,
        '',
        world.context.clock.now(),
      ),
    }),
  }
}

const GUARD_CODES = ['UNAUTHENTICATED', 'ALREADY_SIGNED_IN', 'FORBIDDEN']

/** What the role guard must answer a caller the route does not admit; null when admitted. */
function expectedRefusal(roles: readonly Role[], role: Caller['role']) {
  if (roles.includes(role)) return null
  if (role === 'GUEST') return { status: 401, code: 'UNAUTHENTICATED' }
  if (roles.length === 1 && roles[0] === 'GUEST') return { status: 403, code: 'ALREADY_SIGNED_IN' }
  return { status: 403, code: 'FORBIDDEN' }
}

/** The console's routes: walked by `console-role-walk.routes.test.ts`, served like the others. */
const consoleRoutes = Object.entries(adminApi) as Array<[string, ApiRoute]>

const callerRoutes = contractRoutes.filter(([, route]) => serviceOf(route) === null)
const serviceRoutes = contractRoutes.filter(([, route]) => serviceOf(route) !== null)

/** A service's credentials that are no credentials, and how the route refuses them. */
const badCredentials = {
  MACHINE: {
    headers: [{}, { authorization: 'Bearer not-a-machine-key' }, { authorization: 'Basic Ym9vdGg6a2V5' }],
    code: 'MACHINE_KEY_INVALID',
  },
  GATEWAY: {
    headers: [
      {},
      { 'puribox-pay-signature': 'garbage' },
      // Well formed and fresh, but not made with the secret.
      { 'puribox-pay-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    ],
    code: 'PAYMENT_SIGNATURE_INVALID',
  },
} as const
const stateChangingRoutes = callerRoutes.filter(([, route]) => changesState(route))

describe('the route table', () => {
  const ctx = useTestApp({ timeTravel: true })

  it('every route declares who may call it', () => {
    for (const [name, route] of contractRoutes) {
      expect(route.roles.length, name).toBeGreaterThan(0)
      for (const role of route.roles) {
        expect(['GUEST', 'MINI', 'PREMIUM', 'JHS_PREMIUM', 'MACHINE', 'GATEWAY'], name).toContain(role)
      }
    }
  })

  it('the server serves every route of the table with its roles, and nothing else but pages, assets and sandboxes', async () => {
    const { app } = ctx()
    await app.ready()
    const registered = app.registeredRoutes
    const tables = [...contractRoutes, ...consoleRoutes]
    for (const [name, route] of tables) {
      const found = registered.find((r) => r.method === route.method && r.url === route.path)
      expect(found, `${name}: ${route.method} ${route.path} is not registered`).toBeDefined()
      expect(found!.roles, `${name}: registered without the table's roles (use registerApiRoute)`).toEqual(
        route.roles,
      )
    }
    const webDist = new URL('../test/fixtures/web-dist', import.meta.url).pathname
    const pagePaths = new Set<string>([
      ...pages.map((page) => page.path),
      ...ROOT_REDIRECTS,
      ...ADMIN_SHELL_ROUTES,
    ])
    const getPaths = new Set(registered.filter((r) => r.method === 'GET').map((r) => r.url))
    const outside = registered.filter((r) => {
      if (tables.some(([, route]) => route.method === r.method && route.path === r.url)) return false
      // Fastify answers HEAD for every GET by itself.
      if (r.method === 'HEAD' && getPaths.has(r.url)) return false
      // Development stand-ins (an OIDC issuer…) speak their own protocols, not the contract.
      if (r.url.startsWith('/_sandbox/')) return false
      if (r.method !== 'GET' && r.method !== 'HEAD') return true
      return !(
        pagePaths.has(r.url) ||
        r.url === '/openapi.json' ||
        // Files other systems fetch at a path their standard fixes (the app association files).
        r.url.startsWith('/.well-known/') ||
        r.url.startsWith('/_sandbox/') ||
        existsSync(path.join(webDist, r.url))
      )
    })
    expect(
      outside.map((r) => `${r.method} ${r.url}`),
      "served outside the contract: declare them in packages/contract/src/routes.ts (the console's in admin-api.ts) and register them with registerApiRoute",
    ).toEqual([])
  })
})

describe('role walk: every route of the contract, with every role', () => {
  const ctx = useTestApp({ timeTravel: true })

  it.each(callerRoutes)(
    '%s admits exactly its roles, and shows no one another member’s data',
    async (name, route: ApiRoute) => {
      const world = await createRouteWorld(ctx())
      const input = await routeInput(name, route, world)
      const members = [world.owner, world.premium, world.otherMember]
      const people = callersOf(world)
      const callers = [
        ...people.filter((caller) => caller.role === 'GUEST'),
        ...(await guestLikeCallersOf(world)),
        ...people.filter((caller) => caller.role !== 'GUEST'),
      ]
      for (const caller of callers) {
        const response = await ctx().app.inject(
          injectOptions(route, input, {
            ...caller.headers,
            ...(caller.cookie ? { cookie: caller.cookie } : {}),
          }),
        )
        const where = `${name} as ${caller.name}: ${describeResponse(response)}`
        expect(response.statusCode, where).toBeLessThan(500)
        const refusal = expectedRefusal(route.roles, caller.role)
        if (refusal) {
          expect(response.statusCode, where).toBe(refusal.status)
          const error = checkWrapper(response)
          expect(error?.code, where).toBe(refusal.code)
          checkListedError(route, error, response)
        } else {
          const error = answersWrapper(route, response) ? checkWrapper(response) : null
          checkListedError(route, error, response)
          // The handler may refuse the input with a code of its own, never with the guard's.
          expect(GUARD_CODES, where).not.toContain(error?.code)
          checkSuccess(route, response)
        }
        // Never another member's data (nor the guest session's id), in the body or the headers.
        const seen = `${response.body}\n${JSON.stringify(response.headers)}`
        const others = members.filter((member) => member !== caller.member)
        const secrets = [...others.flatMap(secretsOf)]
        if (caller.name !== 'guest session')
          secrets.push(world.guestSession.sessionId, world.guestSession.sessionHash)
        for (const secret of secrets) expect(seen.includes(secret), `${where}\nshows ${secret}`).toBe(false)
      }
    },
  )

  it.each(serviceRoutes)(
    "%s: a session of any role without the service's credential is refused, and so is another service's",
    async (name, route) => {
      const world = await createRouteWorld(ctx())
      const input = await routeInput(name, route, world)
      const service = serviceOf(route)!
      const refusal = badCredentials[service]
      const another = await serviceCredentials(world)[service === 'MACHINE' ? 'GATEWAY' : 'MACHINE']()
      for (const caller of callersOf(world)) {
        for (const credential of [...refusal.headers, another]) {
          const response = await ctx().app.inject(
            injectOptions(route, input, {
              ...(caller.cookie ? { cookie: caller.cookie } : {}),
              ...credential,
            }),
          )
          const where = `${name} as ${caller.name}: ${describeResponse(response)}`
          expect(response.statusCode, where).toBe(401)
          const error = checkWrapper(response)
          expect(error?.code, where).toBe(refusal.code)
          checkListedError(route, error, response)
        }
      }
    },
  )

  it.each(stateChangingRoutes)(
    '%s: a state change without X-Requested-With, or from another origin, is refused (CSRF)',
    async (name, route) => {
      const world = await createRouteWorld(ctx())
      const input = await routeInput(name, route, world)
      const status = async () =>
        (
          await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie: world.owner.cookie } })
        ).json().entity
      const before = await status()
      const { 'x-requested-with': _xhr, ...withoutXhr } = SAME_ORIGIN_HEADERS
      // A plain HTML form cannot send X-Requested-With: such a route asks for the Origin instead.
      const { origin: _origin, ...withoutAnything } = withoutXhr
      const unproven = route.form ? withoutAnything : withoutXhr
      for (const cookie of [world.owner.cookie, null]) {
        for (const headers of [unproven, { ...SAME_ORIGIN_HEADERS, origin: 'https://evil.example' }]) {
          const options = injectOptions(route, input, cookie ? { cookie } : {})
          const {
            'x-requested-with': _dropped,
            origin: _droppedOrigin,
            ...base
          } = options.headers as Record<string, string>
          options.headers = { ...base, ...headers }
          const response = await ctx().app.inject(options)
          const where = `${name}: ${describeResponse(response)}`
          expect(response.statusCode, where).toBe(403)
          const error = checkWrapper(response)
          expect(error?.code, where).toBe('CSRF_REJECTED')
          checkListedError(route, error, response)
        }
      }
      // Still signed in: the refused request changed nothing for the member.
      expect(await status()).toEqual(before)
      expect(before.membershipStatus).not.toBe('GUEST')
    },
  )
})
