import { asc } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createMember } from '../../test/factories'
import { useTestApp } from '../../test/harness'
import { createOperator, createOperatorSession, OPERATOR_PASSWORD } from '../../test/operators'
import { auditLog } from '../audit/audit.schema'
import { OPERATOR_SIGN_IN_LIMITS } from './operators.service'

const SESSION_PATH = '/admin/api/session'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const OWN_IP = '198.51.100.10'
const STEP = 30_000

/** A cookie an answer set, as the browser keeps it (`name=value`), or null. */
function cookieFrom(response: LightMyRequestResponse, name: string): string | null {
  const cookie = response.cookies.find((c) => c.name === name)
  return cookie?.value ? `${name}=${cookie.value}` : null
}

function joined(...cookies: Array<string | null | undefined>): string | undefined {
  const present = cookies.filter((cookie): cookie is string => Boolean(cookie))
  return present.length > 0 ? present.join('; ') : undefined
}

describe('the console sign-in', () => {
  const ctx = useTestApp()

  function call(
    method: 'GET' | 'POST' | 'DELETE',
    options: { payload?: object; cookie?: string | undefined; ip?: string; url?: string } = {},
  ) {
    return ctx().app.inject({
      method,
      url: options.url ?? SESSION_PATH,
      remoteAddress: options.ip ?? OWN_IP,
      headers: { ...XHR, ...(options.cookie ? { cookie: options.cookie } : {}) },
      ...(options.payload ? { payload: options.payload } : {}),
    })
  }

  async function operatorWorld(role: 'admin' | 'viewer' = 'admin') {
    const made = await createOperator(ctx().db, { mailAddress: `${role}@team.puribox.jp`, role })
    const signIn = async (
      code: string,
      from: { ip?: string; cookie?: string | undefined; password?: string } = {},
    ) =>
      call('POST', {
        payload: {
          mailAddress: made.operator.mailAddress,
          password: from.password ?? OPERATOR_PASSWORD,
          code,
        },
        ip: from.ip ?? OWN_IP,
        cookie: from.cookie,
      })
    return { ...made, signIn, code: () => made.codeAt(ctx().clock.now()) }
  }

  it('signs in with password and code, tells who is in, and signs out', async () => {
    const world = await operatorWorld()
    const signedIn = await world.signIn(await world.code())
    expect(signedIn.statusCode).toBe(200)
    const operator = { id: world.operator.id, mailAddress: 'admin@team.puribox.jp', role: 'ADMIN' }
    expect(signedIn.json()).toEqual({ entity: operator, error: null, clock: null })
    expect(signedIn.headers['cache-control']).toBe('private, no-store')
    const cookie = cookieFrom(signedIn, 'pbx_admin')!
    expect(cookie).toBeTruthy()

    const current = await call('GET', { cookie })
    expect(current.statusCode).toBe(200)
    expect(current.json().entity).toEqual(operator)

    const out = await call('DELETE', { cookie })
    expect(out.statusCode).toBe(200)
    expect(out.json().entity).toEqual({ signedOut: true })
    const cleared = out.cookies.find((c) => c.name === 'pbx_admin')!
    expect(cleared.value).toBe('')
    const after = await call('GET', { cookie })
    expect(after.statusCode).toBe(401)
    expect(after.json().error.code).toBe('OPERATOR_UNAUTHENTICATED')

    const actions = await ctx().db.select().from(auditLog).orderBy(asc(auditLog.id))
    expect(actions.map((entry) => [entry.action, entry.actorKind, entry.operatorId, entry.clientIp])).toEqual(
      [
        ['operator.signed-in', 'operator', world.operator.id, OWN_IP],
        ['operator.signed-out', 'operator', world.operator.id, OWN_IP],
      ],
    )
  })

  it('sets its own cookie: HttpOnly, SameSite=Strict, path /, for the browser session', async () => {
    const world = await operatorWorld()
    const signedIn = await world.signIn(await world.code())
    const cookie = signedIn.cookies.find((c) => c.name === 'pbx_admin')!
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' })
    expect(cookie.secure).toBeFalsy()
    expect(cookie.maxAge).toBeUndefined()
    expect(cookie.domain).toBeUndefined()
    // Not a member's session: none is made or changed.
    expect(signedIn.cookies.find((c) => c.name === 'pbx_session')).toBeUndefined()
  })

  it('answers OPERATOR_SIGN_IN_FAILED for a wrong code, a wrong password and an unknown address alike', async () => {
    const world = await operatorWorld()
    const code = await world.code()
    const answers = [
      await world.signIn('000000'),
      await world.signIn(code, { password: 'not-the-password-1' }),
      await call('POST', {
        payload: { mailAddress: 'nobody@team.puribox.jp', password: OPERATOR_PASSWORD, code },
      }),
    ]
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toEqual({
        entity: null,
        error: { code: 'OPERATOR_SIGN_IN_FAILED', message: 'mail address, password or code is wrong' },
        clock: null,
      })
      expect(answer.cookies.find((c) => c.name === 'pbx_admin')).toBeUndefined()
    }
    const entries = await ctx().db.select().from(auditLog).orderBy(asc(auditLog.id))
    expect(entries.map((entry) => [entry.action, entry.actorKind, entry.targetKind, entry.after])).toEqual([
      ['operator.sign-in-failed', 'anonymous', 'operator', { failure: 'wrong-code' }],
      ['operator.sign-in-failed', 'anonymous', 'operator', { failure: 'wrong-password' }],
      ['operator.sign-in-failed', 'anonymous', 'operator-mail', { failure: 'unknown-mail' }],
    ])
    expect(entries.every((entry) => entry.clientIp === OWN_IP)).toBe(true)
  })

  it("never takes a member's session for an operator, nor an operator's cookie for a member", async () => {
    const { db, clock } = ctx()
    const member = await createMember(db, clock)
    const refused = await call('GET', { cookie: member.cookie })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().error.code).toBe('OPERATOR_UNAUTHENTICATED')
    // The member's session id in the console's cookie is nobody there either.
    const planted = await call('GET', { cookie: `pbx_admin=${member.id}` })
    expect(planted.json().error.code).toBe('OPERATOR_UNAUTHENTICATED')

    const { operator } = await createOperator(db, { role: 'admin' })
    const session = await createOperatorSession(db, clock, operator.id)
    for (const cookie of [session.cookie, `pbx_session=${session.sessionId}`]) {
      const self = await call('GET', { url: '/sp/2/account/self', cookie })
      expect(self.statusCode).toBe(200)
      expect(self.json().entity.membershipStatus).toBe('GUEST')
      const members = await call('GET', { url: '/sp/2/account/sessions', cookie })
      expect(members.statusCode).toBe(401)
      expect(members.json().error.code).toBe('UNAUTHENTICATED')
    }
    // Both at once: each door knows its own.
    const both = joined(member.cookie, session.cookie)
    expect((await call('GET', { cookie: both })).json().entity.id).toBe(operator.id)
    const self = await call('GET', { url: '/sp/2/account/self', cookie: both })
    expect(self.json().entity.membershipStatus).toBe('MINI')
  })

  it('ends a session after 30 minutes without a request', async () => {
    const world = await operatorWorld()
    const cookie = cookieFrom(await world.signIn(await world.code()), 'pbx_admin')!
    ctx().clock.advance(29 * 60_000)
    expect((await call('GET', { cookie })).statusCode).toBe(200)
    ctx().clock.advance(30 * 60_000)
    const ended = await call('GET', { cookie })
    expect(ended.statusCode).toBe(401)
    expect(ended.json().error.code).toBe('OPERATOR_UNAUTHENTICATED')
  })

  it('replaces the console cookie at every sign-in: the session it held before ends', async () => {
    const world = await operatorWorld()
    const first = cookieFrom(await world.signIn(await world.code()), 'pbx_admin')!
    ctx().clock.advance(STEP)
    const second = cookieFrom(await world.signIn(await world.code(), { cookie: first }), 'pbx_admin')!
    expect(second).not.toBe(first)
    expect((await call('GET', { cookie: first })).statusCode).toBe(401)
    expect((await call('GET', { cookie: second })).statusCode).toBe(200)
  })

  it("limits a stranger's failures per address and per operator, and the operator's own browser still gets in", async () => {
    const world = await operatorWorld()
    // The operator signed in from this browser before: it keeps the device cookie.
    const own = await world.signIn(await world.code())
    const device = cookieFrom(own, 'pbx_device')!
    expect(device).toBeTruthy()
    await call('DELETE', { cookie: cookieFrom(own, 'pbx_admin')! })

    // A stranger from one address: five failures, then refused there.
    const perClient = OPERATOR_SIGN_IN_LIMITS.failuresPerClient.max
    for (let i = 0; i < perClient; i++) {
      expect(
        (await world.signIn('123456', { ip: '203.0.113.1', password: 'guessing-away-1' })).statusCode,
      ).toBe(401)
    }
    const stopped = await world.signIn('123456', { ip: '203.0.113.1', password: 'guessing-away-1' })
    expect(stopped.statusCode).toBe(429)
    expect(stopped.json().error.code).toBe('RATE_LIMITED')
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0)

    // From a second address, as many again: the operator has had ten failures from strangers.
    for (let i = 0; i < OPERATOR_SIGN_IN_LIMITS.failuresPerAccount.max - perClient; i++) {
      expect(
        (await world.signIn('123456', { ip: '203.0.113.2', password: 'guessing-away-1' })).statusCode,
      ).toBe(401)
    }
    // Any client the operator does not know is paced now: one try, then a wait.
    expect(
      (await world.signIn('123456', { ip: '203.0.113.3', password: 'guessing-away-1' })).statusCode,
    ).toBe(401)
    const paced = await world.signIn('123456', { ip: '203.0.113.4', password: 'guessing-away-1' })
    expect(paced.statusCode).toBe(429)
    // Even with the right password and code, an unknown client waits.
    ctx().clock.advance(STEP)
    const unknown = await world.signIn(await world.code(), { ip: '203.0.113.5' })
    expect(unknown.statusCode).toBe(429)

    // The operator's own browser is held by its own failures alone: it gets in, from the
    // stranger's very address too.
    const back = await world.signIn(await world.code(), { ip: '203.0.113.1', cookie: device })
    expect(back.statusCode).toBe(200)
    expect(back.json().entity.id).toBe(world.operator.id)
  })
})

describe('the console sign-in over https', () => {
  const ctx = useTestApp({ cookieSecure: true })

  it('names its cookie __Host-pbx_admin: Secure, path /, no domain, HttpOnly, SameSite=Strict', async () => {
    const { operator, codeAt } = await createOperator(ctx().db, { mailAddress: 'https@team.puribox.jp' })
    const signedIn = await ctx().app.inject({
      method: 'POST',
      url: SESSION_PATH,
      headers: XHR,
      payload: {
        mailAddress: operator.mailAddress,
        password: OPERATOR_PASSWORD,
        code: await codeAt(ctx().clock.now()),
      },
    })
    expect(signedIn.statusCode).toBe(200)
    const cookie = signedIn.cookies.find((c) => c.name === '__Host-pbx_admin')!
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, secure: true, sameSite: 'Strict' })
    expect(cookie.domain).toBeUndefined()
    expect(signedIn.cookies.find((c) => c.name === 'pbx_admin')).toBeUndefined()
    expect(signedIn.cookies.find((c) => c.name === '__Host-pbx_device')).toBeDefined()
    const current = await ctx().app.inject({
      url: SESSION_PATH,
      headers: { cookie: `__Host-pbx_admin=${cookie.value}` },
    })
    expect(current.json().entity.id).toBe(operator.id)
    // The unprefixed name is not read where cookies are Secure.
    const plain = await ctx().app.inject({
      url: SESSION_PATH,
      headers: { cookie: `pbx_admin=${cookie.value}` },
    })
    expect(plain.statusCode).toBe(401)
  })
})
