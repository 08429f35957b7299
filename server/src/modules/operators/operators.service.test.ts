import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { fixedClock } from '../../ports/clock'
import { buildMemberCaller } from '../../test/callers'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import { type Actor, type OperatorActor, systemActor } from '../actor'
import { createEventBus, type EventEnvelope } from '../events'
import { createThrottle } from '../throttle/throttle'
import { OPERATOR_COMMAND } from './operators.policy'
import { createOperatorsRepository } from './operators.repository'
import { operatorRecoveryCodes, operatorSessions, operators } from './operators.schema'
import { createOperatorService, OPERATOR_SESSION } from './operators.service'
import { totpCodeAt } from './second-factor'

const MINUTE = 60_000
const STEP = 30_000
const PASSWORD = 'console-sakura-2026'
const command = systemActor(OPERATOR_COMMAND)
const client = { ip: '203.0.113.9', deviceToken: null }

async function setUp() {
  const handle = await testDatabase()
  await resetDatabase(handle)
  const clock = fixedClock(TEST_NOW)
  const events = createEventBus()
  const seen: EventEnvelope[] = []
  events.onEvery('test', async (_tx, event) => {
    seen.push(event)
  })
  const service = createOperatorService({
    repo: createOperatorsRepository(handle.db, events),
    throttle: createThrottle(handle.db),
    clock,
  })
  const made = await service.create(
    { mailAddress: 'Lead@Team.PuriBox.jp', role: 'admin', password: PASSWORD },
    command,
  )
  const signIn = (code: string, password = PASSWORD, mailAddress = 'lead@team.puribox.jp') =>
    service.signIn({ mailAddress, password, code }, client)
  return { db: handle.db, clock, service, seen, made, signIn }
}

type World = Awaited<ReturnType<typeof setUp>>

/** The code the operator's authenticator app shows now, or `steps` steps from now. */
const codeOf = (world: World, steps = 0) =>
  totpCodeAt(world.made.totpSecret, new Date(world.clock.now().getTime() + steps * STEP))

const failures = (world: World) =>
  world.seen.filter((event) => event.name === 'operator.sign-in-failed').map((event) => event.after?.failure)

describe('operators: making one', () => {
  let world: World
  beforeEach(async () => {
    world = await setUp()
  })

  it('shows the TOTP enrolment and ten recovery codes once, and keeps only hashes of the codes', async () => {
    const { made, db, seen } = world
    expect(made.operator).toMatchObject({
      mailAddress: 'Lead@team.puribox.jp',
      role: 'admin',
      disabledAt: null,
    })
    expect(made.totpUri).toMatch(/^otpauth:\/\/totp\/PuriBox:Lead%40team\.puribox\.jp\?/)
    expect(made.totpUri).toContain(`secret=${made.totpSecret}`)
    expect(made.recoveryCodes).toHaveLength(10)
    for (const code of made.recoveryCodes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/)
    const stored = await db.select().from(operatorRecoveryCodes)
    expect(stored).toHaveLength(10)
    const kept = JSON.stringify(stored)
    for (const code of made.recoveryCodes) expect(kept).not.toContain(code.replace('-', ''))
    const [row] = await db.select().from(operators)
    expect(row!.passwordHash).toMatch(/^scrypt\$/)
    expect(seen.map((event) => [event.name, event.actor, event.after])).toEqual([
      ['operator.created', command, { mailAddress: 'Lead@team.puribox.jp', role: 'admin' }],
    ])
  })

  it('refuses a second operator with the same address in another case, a short password, a bad address', async () => {
    const { service } = world
    await expect(
      service.create({ mailAddress: 'LEAD@team.puribox.jp', role: 'viewer', password: PASSWORD }, command),
    ).rejects.toMatchObject({ code: 'MAIL_ADDRESS_TAKEN' })
    await expect(
      service.create(
        { mailAddress: 'new@team.puribox.jp', role: 'viewer', password: 'eleven-char' },
        command,
      ),
    ).rejects.toMatchObject({ code: 'PASSWORD_INVALID' })
    await expect(
      service.create({ mailAddress: 'not a mail', role: 'viewer', password: PASSWORD }, command),
    ).rejects.toMatchObject({ code: 'MAIL_ADDRESS_INVALID' })
  })

  it('lets only an admin or the operator command manage operators', async () => {
    const { service } = world
    const as = (role: OperatorActor['role']): OperatorActor => ({
      kind: 'operator',
      operatorId: world.made.operator.id,
      role,
      ip: '203.0.113.1',
    })
    const refused: Actor[] = [systemActor('housekeeping'), buildMemberCaller(), as('editor'), as('viewer')]
    for (const actor of refused) {
      await expect(service.list(actor)).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(
        service.create({ mailAddress: 'new@team.puribox.jp', role: 'viewer', password: PASSWORD }, actor),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' })
    }
    const made = await service.create(
      { mailAddress: 'new@team.puribox.jp', role: 'viewer', password: PASSWORD },
      as('admin'),
    )
    expect(made.operator.role).toBe('viewer')
    expect((await service.list(command)).map((operator) => operator.mailAddress)).toEqual([
      'Lead@team.puribox.jp',
      'new@team.puribox.jp',
    ])
  })
})

describe('operators: signing in', () => {
  let world: World
  beforeEach(async () => {
    world = await setUp()
  })

  it('accepts a TOTP code once: the same code again fails, even within its 30 seconds', async () => {
    const code = await codeOf(world)
    const first = await world.signIn(code)
    expect(first.operator.id).toBe(world.made.operator.id)
    expect(first.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await expect(world.signIn(code)).rejects.toMatchObject({ code: 'OPERATOR_SIGN_IN_FAILED' })
    world.clock.advance(STEP)
    await world.signIn(await codeOf(world))
    expect(failures(world)).toEqual(['wrong-code'])
    const signedIn = world.seen.filter((event) => event.name === 'operator.signed-in')
    expect(signedIn).toHaveLength(2)
    expect(signedIn[0]).toMatchObject({
      actor: { kind: 'operator', operatorId: world.made.operator.id, role: 'admin', ip: client.ip },
      target: { kind: 'operator', id: world.made.operator.id },
      payload: { secondFactor: 'totp' },
    })
  })

  it('accepts the code of the step before or after, and no further', async () => {
    await expect(world.signIn(await codeOf(world, -2))).rejects.toMatchObject({
      code: 'OPERATOR_SIGN_IN_FAILED',
    })
    await expect(world.signIn(await codeOf(world, 2))).rejects.toMatchObject({
      code: 'OPERATOR_SIGN_IN_FAILED',
    })
    await world.signIn(await codeOf(world, -1))
    // A later step still works; one no later than the last accepted never does.
    await world.signIn(await codeOf(world, 1))
    await expect(world.signIn(await codeOf(world))).rejects.toMatchObject({ code: 'OPERATOR_SIGN_IN_FAILED' })
  })

  it('takes a recovery code once, typed loosely (lower case, no hyphen, spaces)', async () => {
    const [code, other] = world.made.recoveryCodes
    const loose = ` ${code!.replace('-', '').toLowerCase()} `
    const signedIn = await world.signIn(loose)
    expect(signedIn.operator.id).toBe(world.made.operator.id)
    await expect(world.signIn(code!)).rejects.toMatchObject({ code: 'OPERATOR_SIGN_IN_FAILED' })
    await world.signIn(other!)
    expect(world.seen.filter((event) => event.name === 'operator.signed-in').map((e) => e.payload)).toEqual([
      { operatorId: world.made.operator.id, secondFactor: 'recovery-code' },
      { operatorId: world.made.operator.id, secondFactor: 'recovery-code' },
    ])
    expect((await world.service.list(command))[0]!.recoveryCodesLeft).toBe(8)
  })

  it('answers the same failure for an unknown address, a wrong password, a wrong code; the log tells them apart', async () => {
    const code = await codeOf(world)
    for (const attempt of [
      () => world.signIn(code, PASSWORD, 'nobody@team.puribox.jp'),
      () => world.signIn(code, 'wrong-password-123'),
      () => world.signIn('000000'),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'OPERATOR_SIGN_IN_FAILED' })
    }
    expect(failures(world)).toEqual(['unknown-mail', 'wrong-password', 'wrong-code'])
    const unknown = world.seen.find((event) => event.after?.failure === 'unknown-mail')!
    expect(unknown.actor).toEqual({ kind: 'anonymous', ip: client.ip })
    expect(unknown.target).toEqual({ kind: 'operator-mail', id: 'nobody@team.puribox.jp' })
    const wrongCode = world.seen.find((event) => event.after?.failure === 'wrong-code')!
    expect(wrongCode.target).toEqual({ kind: 'operator', id: world.made.operator.id })
  })

  it('refuses a disabled operator with the right password and code, and ends their sessions', async () => {
    const { service } = world
    const signedIn = await world.signIn(await codeOf(world))
    expect(await service.authenticate(signedIn.sessionId, client.ip)).not.toBeNull()
    await service.disable('LEAD@team.puribox.jp', command)
    expect(await service.authenticate(signedIn.sessionId, client.ip)).toBeNull()
    world.clock.advance(STEP)
    await expect(world.signIn(await codeOf(world))).rejects.toMatchObject({ code: 'OPERATOR_SIGN_IN_FAILED' })
    expect(failures(world)).toEqual(['disabled'])
    const disabled = world.seen.find((event) => event.name === 'operator.disabled')!
    expect(disabled).toMatchObject({ actor: command, before: { disabledAt: null } })
  })
})

describe('operators: sessions', () => {
  let world: World
  beforeEach(async () => {
    world = await setUp()
  })

  it('end after 30 minutes without a request, and are kept alive by requests', async () => {
    const { service, clock } = world
    const { sessionId } = await world.signIn(await codeOf(world))
    clock.advance(29 * MINUTE)
    const caller = await service.authenticate(sessionId, client.ip)
    expect(caller).toMatchObject({ kind: 'operator', operatorId: world.made.operator.id, role: 'admin' })
    clock.advance(29 * MINUTE)
    expect(await service.authenticate(sessionId, client.ip)).not.toBeNull()
    clock.advance(OPERATOR_SESSION.idleMs)
    expect(await service.authenticate(sessionId, client.ip)).toBeNull()
    // Gone for good, not only idle.
    clock.advance(-OPERATOR_SESSION.idleMs)
    expect(await service.authenticate(sessionId, client.ip)).toBeNull()
  })

  it('end 12 hours after sign-in however busy', async () => {
    const { service, clock } = world
    const { sessionId } = await world.signIn(await codeOf(world))
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      clock.advance(20 * MINUTE)
      expect(await service.authenticate(sessionId, client.ip), `${minutes} minutes`).not.toBeNull()
    }
    clock.advance(20 * MINUTE)
    expect(await service.authenticate(sessionId, client.ip)).toBeNull()
  })

  it('are unknown for anything but a well-formed id of a live session', async () => {
    for (const value of ['', 'x', 'a'.repeat(43), `${'a'.repeat(42)}!`]) {
      expect(await world.service.authenticate(value, client.ip)).toBeNull()
    }
  })

  it('are swept by the hourly housekeeping once ended, and kept while live', async () => {
    const { service, clock, db } = world
    const ended = await world.signIn(await codeOf(world))
    clock.advance(OPERATOR_SESSION.idleMs)
    const live = await world.signIn(await codeOf(world))
    clock.advance(MINUTE)
    await service.sweep()
    const left = await db.select({ idHash: operatorSessions.idHash }).from(operatorSessions)
    expect(left).toHaveLength(1)
    expect(await service.authenticate(live.sessionId, client.ip)).not.toBeNull()
    expect(await service.authenticate(ended.sessionId, client.ip)).toBeNull()
  })

  it('signing out ends the session, with its event', async () => {
    const { service } = world
    const { sessionId } = await world.signIn(await codeOf(world))
    const caller = (await service.authenticate(sessionId, client.ip))!
    await service.signOut(caller)
    expect(await service.authenticate(sessionId, client.ip)).toBeNull()
    expect(world.seen.at(-1)).toMatchObject({ name: 'operator.signed-out', actor: caller })
  })
})

describe('operators: reset', () => {
  it('replaces the password, the TOTP secret and the recovery codes, and ends every session', async () => {
    const world = await setUp()
    const { service, db } = world
    const { sessionId } = await world.signIn(await codeOf(world))
    const oldCode = world.made.recoveryCodes[3]!
    const reset = await service.reset(
      { mailAddress: 'lead@team.puribox.jp', password: 'a-new-console-pass' },
      command,
    )
    expect(reset.totpSecret).not.toBe(world.made.totpSecret)
    expect(reset.recoveryCodes).toHaveLength(10)
    expect(await service.authenticate(sessionId, client.ip)).toBeNull()
    world.clock.advance(STEP)
    // The old password, the old secret's code and an old recovery code no longer work.
    await expect(world.signIn(await totpCodeAt(reset.totpSecret, world.clock.now()))).rejects.toMatchObject({
      code: 'OPERATOR_SIGN_IN_FAILED',
    })
    await expect(world.signIn(await codeOf(world), 'a-new-console-pass')).rejects.toMatchObject({
      code: 'OPERATOR_SIGN_IN_FAILED',
    })
    await expect(world.signIn(oldCode, 'a-new-console-pass')).rejects.toMatchObject({
      code: 'OPERATOR_SIGN_IN_FAILED',
    })
    await world.signIn(await totpCodeAt(reset.totpSecret, world.clock.now()), 'a-new-console-pass')
    await world.signIn(reset.recoveryCodes[0]!, 'a-new-console-pass')
    const resetEvent = world.seen.find((event) => event.name === 'operator.reset')!
    expect(resetEvent).toMatchObject({ actor: command, after: { sessionsEnded: 1, recoveryCodes: 10 } })
    expect(JSON.stringify(world.seen)).not.toContain(reset.totpSecret)
    const [row] = await db.select().from(operators).where(eq(operators.id, world.made.operator.id))
    expect(row!.totpSecret).toBe(reset.totpSecret)
  })

  it('answers NOT_FOUND for an address no operator has', async () => {
    const world = await setUp()
    await expect(world.service.disable('nobody@team.puribox.jp', command)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(
      world.service.reset({ mailAddress: 'nobody@team.puribox.jp', password: PASSWORD }, command),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
