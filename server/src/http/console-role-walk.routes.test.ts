import { adminApi } from '@puribox/contract/admin-api'
import { type ApiRoute, type ConsoleRole, isConsoleRole, OPERATORS } from '@puribox/contract/routes'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OperatorRole } from '../modules/actor'
import { OPERATOR_COOKIE } from '../modules/operators/operator-cookie'
import { operators } from '../modules/operators/operators.schema'
import { OPERATOR_SESSION } from '../modules/operators/operators.service'
import { SESSION_COOKIE } from '../modules/sessions/sessions.service'
import {
  answersWrapper,
  checkListedError,
  checkSuccess,
  checkWrapper,
  describeResponse,
  generatedInput,
  injectOptions,
} from '../test/contract-requests'
import { createMember } from '../test/factories'
import { type TestContext, useTestApp } from '../test/harness'
import { createOperator, createOperatorSession } from '../test/operators'

/**
 * The console's routes (`adminApi`), each with every kind of caller: nobody, members, a member's
 * session id in the console's cookie and an operator's in the members' cookie, an operator of every
 * role, and an operator whose session ended or who was disabled. A route of operator roles admits
 * exactly its roles, known by the console's cookie alone; the sign-in admits anyone. Nothing here
 * lists routes: a route added to `adminApi` is walked.
 */

interface ConsoleCaller {
  name: string
  /** The operator role the caller has in the console; null when they are no operator there. */
  role: ConsoleRole | null
  cookie: string | null
}

const ROLES: OperatorRole[] = ['viewer', 'support', 'editor', 'admin']

/** Every kind of caller, made afresh for each request (a sign-out ends a session). */
async function callersOf(ctx: TestContext): Promise<ConsoleCaller[]> {
  const { db, clock } = ctx
  const member = await createMember(db, clock)
  const premium = await createMember(db, clock, {
    premiumUntil: new Date(clock.now().getTime() + 86_400_000),
  })
  const callers: ConsoleCaller[] = [
    { name: 'nobody', role: null, cookie: null },
    { name: 'a member', role: null, cookie: member.cookie },
    { name: 'a premium member', role: null, cookie: premium.cookie },
    {
      name: "a member's session id as the console cookie",
      role: null,
      cookie: `${OPERATOR_COOKIE}=${member.id}`,
    },
  ]
  for (const role of ROLES) {
    const { operator } = await createOperator(db, { role })
    const session = await createOperatorSession(db, clock, operator.id)
    callers.push({
      name: `${role} operator`,
      role: role.toUpperCase() as ConsoleRole,
      cookie: session.cookie,
    })
    if (role === 'admin') {
      callers.push({
        name: "an admin's session id as the members' cookie",
        role: null,
        cookie: `${SESSION_COOKIE}=${session.sessionId}`,
      })
    }
  }
  const disabled = await createOperator(db, { role: 'admin' })
  const disabledSession = await createOperatorSession(db, clock, disabled.operator.id)
  await db.update(operators).set({ disabledAt: clock.now() }).where(eq(operators.id, disabled.operator.id))
  callers.push({ name: 'a disabled admin', role: null, cookie: disabledSession.cookie })
  const idle = await createOperator(db, { role: 'admin' })
  clock.advance(-OPERATOR_SESSION.idleMs)
  const idleSession = await createOperatorSession(db, clock, idle.operator.id)
  clock.advance(OPERATOR_SESSION.idleMs)
  callers.push({ name: 'an admin idle for 30 minutes', role: null, cookie: idleSession.cookie })
  return callers
}

/** What the console's guard must answer the caller; null when the route admits them. */
function expectedRefusal(route: ApiRoute, caller: ConsoleCaller) {
  if (!route.roles.some(isConsoleRole)) return null
  if (caller.role === null) return { status: 401, code: 'OPERATOR_UNAUTHENTICATED' }
  if (!route.roles.includes(caller.role)) return { status: 403, code: 'FORBIDDEN' }
  return null
}

const GUARD_CODES = ['UNAUTHENTICATED', 'ALREADY_SIGNED_IN', 'FORBIDDEN', 'OPERATOR_UNAUTHENTICATED']
const consoleRoutes = Object.entries(adminApi) as Array<[string, ApiRoute]>

describe("console role walk: every route of the console's table, with every kind of caller", () => {
  const ctx = useTestApp()

  it('has routes of every kind to walk', () => {
    expect(consoleRoutes.some(([, route]) => route.roles.length === OPERATORS.length)).toBe(true)
    expect(consoleRoutes.some(([, route]) => !route.roles.some(isConsoleRole))).toBe(true)
  })

  it.each(consoleRoutes)('%s admits exactly its roles, by the console cookie alone', async (name, route) => {
    const input = generatedInput(route)
    for (const caller of await callersOf(ctx())) {
      const response = await ctx().app.inject(
        injectOptions(route, input, caller.cookie ? { cookie: caller.cookie } : {}),
      )
      const where = `${name} as ${caller.name}: ${describeResponse(response)}`
      expect(response.statusCode, where).toBeLessThan(500)
      expect(response.headers['cache-control'], where).toBe('private, no-store')
      const refusal = expectedRefusal(route, caller)
      const error = answersWrapper(route, response) ? checkWrapper(response) : null
      checkListedError(route, error, response)
      if (refusal) {
        expect(response.statusCode, where).toBe(refusal.status)
        expect(error?.code, where).toBe(refusal.code)
      } else {
        expect(GUARD_CODES, where).not.toContain(error?.code)
        checkSuccess(route, response)
      }
    }
  })

  it('keeps the console out of the OpenAPI document', async () => {
    const document = (await ctx().app.inject({ url: '/openapi.json' })).json()
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/admin'))).toEqual([])
  })
})
