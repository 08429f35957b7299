import type { ApiRoute } from '@puribox/contract/routes'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  answersWrapper,
  changesState,
  checkListedError,
  checkSuccess,
  checkWrapper,
  contractRoutes,
  describeResponse,
  isMachineOnly,
  type RouteInput,
  SAME_ORIGIN_HEADERS,
  urlFor,
} from '../test/contract-requests'
import { useTestApp } from '../test/harness'
import {
  EXTRA_KEYS,
  HOSTILE_QUERIES,
  HOSTILE_RAW_BODIES,
  HOSTILE_STRINGS,
  hostileHeaderValue,
  hostileQuery,
  hostileRawBody,
  hostileValue,
  type RawBody,
} from '../test/hostile-values'
import { createRouteWorld, type RouteWorld, routeFixtures, routeInput } from '../test/route-fixtures'
import { validInput } from '../test/zod-arbitrary'

/**
 * Fuzzing from the contract: every route of `api` gets inputs generated from its zod schemas
 * (and its fixture, if it has one), mixed with hostile values, wrong bodies and broken cookies,
 * as every kind of caller. Never a 5xx, always the wrapper with a contract code, no unhandled
 * rejection, and the app still answers afterwards. A route added to the table is fuzzed as it is.
 *
 * Volume: each route gets the systematic runs (`systematicCases`; a slow route as many as fit in
 * SYSTEMATIC_LIMIT_MS), then up to DEFAULT_RUNS random ones within an equal share of the time budget: a slow route (scrypt-backed sign-in) does fewer,
 * and the file takes about the same time as the table grows. The budget is smaller on PostgreSQL,
 * where the same inputs meet the same SQL: the random runs there look for what differs between the
 * engines, not for new inputs. `PURIBOX_FUZZ_RUNS=<n>` asks for n random runs per route, with no
 * time limit. A failure prints fast-check's seed and path: replay it with
 * `PURIBOX_FUZZ_SEED=<seed> PURIBOX_FUZZ_PATH=<path> npx vitest run --project server <this file> -t <route name>`.
 */
const DEFAULT_RUNS = 300
const SYSTEMATIC_LIMIT_MS = 8_000
const TIME_BUDGET_MS = process.env.PURIBOX_TEST_DB === 'postgres' ? 6_000 : 18_000
const requestedRuns = Number(process.env.PURIBOX_FUZZ_RUNS) || undefined
const runsPerRoute = requestedRuns ?? DEFAULT_RUNS
const timePerRoute = requestedRuns ? undefined : Math.max(50, TIME_BUDGET_MS / contractRoutes.length)
const replay = process.env.PURIBOX_FUZZ_SEED
  ? { seed: Number(process.env.PURIBOX_FUZZ_SEED), path: process.env.PURIBOX_FUZZ_PATH }
  : {}

type CallerKind =
  | 'none'
  | 'guestSession'
  | 'owner'
  | 'premium'
  | 'otherMember'
  | 'unknownSession'
  | 'brokenCookie'

interface FuzzCase {
  caller: CallerKind
  brokenCookie: string
  params: Record<string, unknown> | undefined
  query: Record<string, unknown> | undefined
  rawQuery: string | null
  body: { json: unknown } | RawBody | null
  csrf: 'same-origin' | 'no-xhr' | 'cross-origin' | 'no-origin'
  headers: Record<string, string | null>
  ip: string
}

/** The valid source of one input part: the route's fixture (when it has one) or its schema. */
function validPart(schema: z.ZodType | undefined, fixture: unknown): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined)
  const generated = validInput(schema)
  return fixture === undefined ? generated : fc.oneof(fc.constant(fixture), generated)
}

/** A valid object with one to three fields replaced by hostile values (or hostile keys added). */
function withHostileFields(valid: fc.Arbitrary<unknown>, addKeys: boolean): fc.Arbitrary<unknown> {
  const edits = fc.array(fc.tuple(fc.nat(), hostileValue, fc.boolean()), { minLength: 1, maxLength: 3 })
  return fc.tuple(valid, edits).map(([value, changes]) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
    const out: Record<string, unknown> = { ...value }
    const keys = Object.keys(out)
    for (const [n, hostile, add] of changes) {
      const key =
        (add && addKeys) || keys.length === 0 ? EXTRA_KEYS[n % EXTRA_KEYS.length]! : keys[n % keys.length]!
      // Defined, not assigned: `__proto__` becomes an own key, as JSON.parse on the server makes it.
      Object.defineProperty(out, key, {
        value: hostile,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  })
}

function mixed(valid: fc.Arbitrary<unknown>, addKeys: boolean): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: withHostileFields(valid, addKeys) },
  )
}

const base64url = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')

function fuzzCases(route: ApiRoute, fixture: RouteInput): fc.Arbitrary<FuzzCase> {
  const params = route.params ? mixed(validPart(route.params, fixture.params), false) : fc.constant(undefined)
  const query = route.query ? mixed(validPart(route.query, fixture.query), true) : fc.constant(undefined)
  const validBody = validPart(route.body, fixture.body)
  const body: fc.Arbitrary<FuzzCase['body']> = route.body
    ? fc.oneof(
        { weight: 3, arbitrary: validBody.map((json) => ({ json })) },
        { weight: 4, arbitrary: withHostileFields(validBody, true).map((json) => ({ json })) },
        { weight: 1, arbitrary: hostileValue.map((json) => ({ json })) },
        { weight: 2, arbitrary: hostileRawBody },
      )
    : changesState(route) && !isMachineOnly(route)
      ? fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostileRawBody })
      : fc.constant(null)
  return fc.record({
    caller: fc.constantFrom<CallerKind>(
      'none',
      'guestSession',
      'owner',
      'premium',
      'otherMember',
      'unknownSession',
      'brokenCookie',
    ),
    brokenCookie: fc.oneof(
      hostileHeaderValue.map((value) => `pbx_session=${value}`),
      fc
        .string({ unit: base64url, minLength: 43, maxLength: 43 })
        .map((id) => `pbx_session=${id}; pbx_session=x`),
      fc.constant('pbx_session=%E0%A4%A; other="unterminated'),
    ),
    params: params as fc.Arbitrary<Record<string, unknown> | undefined>,
    query: query as fc.Arbitrary<Record<string, unknown> | undefined>,
    rawQuery: fc.option(hostileQuery, { freq: 8 }),
    body,
    // Mostly past the CSRF guard, so that the rest of the route is what gets fuzzed.
    csrf: fc.oneof(
      { weight: 8, arbitrary: fc.constant('same-origin' as const) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('no-xhr' as const, 'cross-origin' as const, 'no-origin' as const),
      },
    ),
    headers: fc.record({
      'user-agent': fc.option(fc.oneof(hostileHeaderValue, fc.constant('Mozilla/5.0 PuriBoxApp/3.1'))),
      'x-puribox-carrier': fc.option(
        fc.oneof(hostileHeaderValue, fc.constantFrom('ezweb', 'docomo', 'softbank')),
      ),
      accept: fc.option(fc.constantFrom('application/json', '*/*', 'image/*', 'text/plain')),
      authorization: fc.option(
        fc.oneof(
          hostileHeaderValue.map((value) => `Bearer ${value}`),
          fc.constant('Bearer dev-booth-key'),
        ),
      ),
    }),
    // A different client address almost every time, so the per-address limits rarely answer 429.
    ip: fc.oneof(fc.ipV4(), fc.ipV6()),
  })
}

/** A caller the route admits, so that its handler is reached. */
function admittedCaller(route: ApiRoute): CallerKind {
  if (route.roles.includes('MINI')) return 'owner'
  if (route.roles.includes('PREMIUM')) return 'premium'
  if (route.roles.includes('GUEST')) return 'guestSession'
  return 'none'
}

/** A valid request as a caller the route admits: the starting point of the systematic runs. */
function validCase(route: ApiRoute, valid: RouteInput): FuzzCase {
  return {
    caller: admittedCaller(route),
    brokenCookie: '',
    params: valid.params,
    query: valid.query,
    rawQuery: null,
    body: route.body ? { json: valid.body } : null,
    csrf: 'same-origin',
    headers: { 'user-agent': null, 'x-puribox-carrier': null, accept: null, authorization: null },
    ip: '10.0.0.7',
  }
}

/**
 * The first runs: every hostile string once in every field of a valid input, then every broken
 * body and query, as a caller the route admits. The lists are short and picked for what breaks
 * servers; random runs follow.
 */
function systematicCases(route: ApiRoute, valid: RouteInput): FuzzCase[] {
  const fields: Array<[part: 'params' | 'query' | 'body', key: string]> = []
  for (const part of ['params', 'query', 'body'] as const) {
    const value = valid[part]
    if (route[part] && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const key of Object.keys(value)) fields.push([part, key])
    }
  }
  const cases: FuzzCase[] = []
  const next = (): FuzzCase => ({
    ...validCase(route, valid),
    ip: `10.${(cases.length >> 8) & 255}.${cases.length & 255}.7`,
  })
  if (changesState(route) && !isMachineOnly(route)) {
    for (const body of HOSTILE_RAW_BODIES) cases.push({ ...next(), body })
  }
  if (route.query) for (const rawQuery of HOSTILE_QUERIES) cases.push({ ...next(), rawQuery })
  // Strings outer, fields inner: a route cut short by its time share still had every field tried.
  for (const hostile of HOSTILE_STRINGS) {
    for (const [part, key] of fields) {
      const fuzzCase = next()
      const changed = { ...(valid[part] as Record<string, unknown>), [key]: hostile }
      if (part === 'body') fuzzCase.body = { json: changed }
      else fuzzCase[part] = changed
      cases.push(fuzzCase)
    }
  }
  return cases
}

/**
 * The cookie each kind of caller sends. A member's or guest's session is reused until an answer
 * rotates or ends it (sign-in, sign-out): a new one per request would double the database work.
 */
function cookieJar(world: RouteWorld) {
  const sessions = new Map<CallerKind, Promise<string>>()
  const members = { owner: world.owner, premium: world.premium, otherMember: world.otherMember }
  return {
    async cookieOf(fuzzCase: FuzzCase): Promise<string | null> {
      const { caller } = fuzzCase
      if (caller === 'none') return null
      if (caller === 'unknownSession') return `pbx_session=${'A'.repeat(43)}`
      if (caller === 'brokenCookie') return fuzzCase.brokenCookie
      if (!sessions.has(caller)) {
        sessions.set(caller, world.newCookie(caller === 'guestSession' ? null : members[caller]))
      }
      return sessions.get(caller)!
    },
    /** After an answer that set or cleared the session cookie, that kind's next request gets a new session. */
    settle(fuzzCase: FuzzCase, response: LightMyRequestResponse): void {
      if (response.cookies.some((cookie) => cookie.name === 'pbx_session')) sessions.delete(fuzzCase.caller)
    },
  }
}

async function injectOf(route: ApiRoute, fuzzCase: FuzzCase, cookie: string | null): Promise<InjectOptions> {
  const headers: Record<string, string> = { ...SAME_ORIGIN_HEADERS }
  if (fuzzCase.csrf === 'no-xhr') delete (headers as Record<string, string | undefined>)['x-requested-with']
  if (fuzzCase.csrf === 'cross-origin') headers.origin = 'https://evil.example'
  if (fuzzCase.csrf === 'no-origin') delete (headers as Record<string, string | undefined>).origin
  for (const [name, value] of Object.entries(fuzzCase.headers)) if (value !== null) headers[name] = value
  if (cookie) headers.cookie = cookie
  let url = urlFor(route, { params: fuzzCase.params, query: fuzzCase.query })
  if (fuzzCase.rawQuery) url = `${url.split('?')[0]}${fuzzCase.rawQuery}`
  const options: InjectOptions = { method: route.method, url, headers, remoteAddress: fuzzCase.ip }
  const { body } = fuzzCase
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json'
    options.payload = JSON.stringify(body.json) ?? ''
  } else if (body) {
    if (body.contentType !== undefined) headers['content-type'] = body.contentType
    if (body.payload !== undefined) options.payload = body.payload
  }
  return options
}

/**
 * Never a 5xx; the wrapper with a code the contract lists for the route wherever the answer is JSON
 * (always, on a JSON route).
 */
function checkAnswer(route: ApiRoute, response: LightMyRequestResponse): void {
  if (response.statusCode >= 500) throw new Error(`server error: ${describeResponse(response)}`)
  if (answersWrapper(route, response)) checkListedError(route, checkWrapper(response), response)
  checkSuccess(route, response)
}

describe('contract fuzzing: every route, generated and hostile input, every kind of caller', () => {
  const ctx = useTestApp({ timeTravel: true })
  const rejections: unknown[] = []
  const onRejection = (reason: unknown) => rejections.push(reason)
  let requests = 0
  const started = Date.now()

  beforeAll(() => {
    process.on('unhandledRejection', onRejection)
  })
  afterAll(() => {
    process.off('unhandledRejection', onRejection)
    console.info(
      `contract fuzz: ${requests} requests over ${contractRoutes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
  })

  it.each(contractRoutes)(
    '%s: never a 5xx, always a typed answer',
    async (name, route) => {
      const world = await createRouteWorld(ctx())
      const fixture = (await routeFixtures[name]?.(world)) ?? {}
      const systematic = systematicCases(route, await routeInput(name, route, world))
      const { app } = ctx()
      const jar = cookieJar(world)
      // A route's time share can run out mid-request (interruptAfterTimeLimit stops waiting, the request
      // goes on): the test waits for it, or its writes would meet the next test's emptying (a deadlock
      // seen on PostgreSQL).
      const pending = new Set<Promise<unknown>>()
      const runCase = async (fuzzCase: FuzzCase) => {
        requests++
        const answer = injectOf(route, fuzzCase, await jar.cookieOf(fuzzCase)).then((options) =>
          app.inject(options),
        )
        pending.add(answer)
        const response = await answer.finally(() => pending.delete(answer))
        jar.settle(fuzzCase, response)
        checkAnswer(route, response)
      }
      // The systematic runs first (a failure names its case: nothing random to replay), all of them
      // unless the route is one of the few slow ones (a password checked per request), which stops
      // after SYSTEMATIC_LIMIT_MS; then the random ones, within the route's share of the time.
      const systematicUntil = Date.now() + SYSTEMATIC_LIMIT_MS
      for (const fuzzCase of systematic) {
        if (!requestedRuns && Date.now() > systematicUntil) break
        await runCase(fuzzCase).catch((error: unknown) => {
          throw new Error(`systematic case ${JSON.stringify(fuzzCase)}`, { cause: error })
        })
      }
      const details = await fc.check(fc.asyncProperty(fuzzCases(route, fixture), runCase), {
        numRuns: runsPerRoute,
        ...replay,
        ...(timePerRoute ? { plugins: [fc.interruptAfterTimeLimit(timePerRoute)] } : {}),
      })
      // A route whose time share ran out is fine; a counterexample is not (the report names seed and path).
      if (details.failed && !(details.interrupted && details.counterexample === null)) {
        throw new Error(await fc.asyncDefaultReportMessage(details), { cause: details.errorInstance })
      }

      await Promise.allSettled([...pending])

      // Still up, and nothing leaked out of a request: no rejection, no polluted prototype.
      await new Promise((resolve) => setImmediate(resolve))
      const health = await app.inject({ url: '/sp/2/account/self' })
      expect(health.statusCode).toBe(200)
      expect(health.json()).toEqual({
        entity: { account: null, membershipStatus: 'GUEST' },
        error: null,
        clock: null,
      })
      expect(rejections).toEqual([])
      expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false)
    },
    requestedRuns ? requestedRuns * 500 + 60_000 : 40_000,
  )
})
