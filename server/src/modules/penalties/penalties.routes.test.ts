import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createRepositories } from '../../repositories'
import { createAccount, createMember, createSession } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'
import { accounts } from '../accounts/accounts.schema'
import { purigetFailures } from './penalties.schema'
import { createPenaltyService } from './penalties.service'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The n-th well-formed seal ID that no booth ever printed. */
function unknownId(n: number): string {
  return `ZZZZZ${String(n).padStart(5, '0')}`
}

/** The app's copy of the penalties in force is read again after this long (decision 0012, "The board"). */
const BOARD_REFRESH_MS = 150
const boardRefreshed = () => new Promise((resolve) => setTimeout(resolve, BOARD_REFRESH_MS + 20))

describe('puri-getting penalties on GET /sp/2/seals/:id', () => {
  const ctx = useTestApp({ penaltyBoardRefreshMs: BOARD_REFRESH_MS })

  function lookUp(id: string, options: { cookie?: string; ip?: string } = {}) {
    return ctx().app.inject({
      url: `/sp/2/seals/${encodeURIComponent(id)}`,
      headers: options.cookie ? { cookie: options.cookie } : {},
      remoteAddress: options.ip ?? '198.51.100.10',
    })
  }

  async function failTimes(count: number, options: { cookie?: string; ip?: string } = {}, from = 0) {
    for (let i = 0; i < count; i++) {
      const response = await lookUp(unknownId(from + i), options)
      expect(response.statusCode, `failure ${from + i + 1}`).toBe(404)
      expect(response.json().error.code).toBe('SEAL_NOT_FOUND')
    }
  }

  async function penaltyOf(cookie: string) {
    const response = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    return response.json().entity.account.purigetPenalty as string
  }

  /** The penalty service of another server process (an operator's console, say), on the same database. */
  function service() {
    return createPenaltyService({
      repo: createRepositories(ctx().db).penalties,
      boardRefreshMs: 0,
    })
  }

  it('refuses the 11th lookup after 10 unknown IDs with YELLOW and Retry-After, then lets go after the hour', async () => {
    const { db, clock } = ctx()
    const { cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    expect(await penaltyOf(cookie)).toBe('GREEN')
    await failTimes(10, { cookie })

    const refused = await lookUp(unknownId(99), { cookie })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      entity: null,
      error: { code: 'PURIGET_PENALTY_YELLOW', message: expect.any(String) },
      clock: null,
    })
    expect(Number(refused.headers['retry-after'])).toBe(3600)
    // A real seal is refused too: the penalty is on getting puri, not on wrong IDs.
    const valid = await lookUp(sealId, { cookie })
    expect(valid.statusCode).toBe(429)
    expect(valid.json().error.code).toBe('PURIGET_PENALTY_YELLOW')
    expect(await penaltyOf(cookie)).toBe('YELLOW')

    clock.advance(40 * MINUTE)
    const later = await lookUp(sealId, { cookie })
    expect(later.statusCode).toBe(429)
    expect(Number(later.headers['retry-after'])).toBe(20 * 60)

    clock.advance(20 * MINUTE)
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    expect(await penaltyOf(cookie)).toBe('GREEN')
    // A fresh hour: one more unknown ID is just "not found".
    expect((await lookUp(unknownId(100), { cookie })).statusCode).toBe(404)
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
  })

  it('nine failures are not enough, and failures older than the hour no longer count', async () => {
    const { sealId } = await createSeal(ctx())
    await failTimes(9)
    expect((await lookUp(sealId)).statusCode).toBe(200)
    ctx().clock.advance(HOUR)
    await failTimes(9, {}, 9)
    expect((await lookUp(sealId)).statusCode).toBe(200)
  })

  it('counts per client address across guest sessions (and without one)', async () => {
    const { db, clock } = ctx()
    const { sealId } = await createSeal(ctx())
    const first = await createSession(db, clock)
    const second = await createSession(db, clock)
    await failTimes(4, { cookie: first.cookie, ip: '203.0.113.5' })
    await failTimes(4, { cookie: second.cookie, ip: '203.0.113.5' }, 4)
    await failTimes(2, { ip: '203.0.113.5' }, 8)
    const refused = await lookUp(sealId, { cookie: first.cookie, ip: '203.0.113.5' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('PURIGET_PENALTY_YELLOW')
    expect((await lookUp(sealId, { ip: '203.0.113.5' })).statusCode).toBe(429)
    // Another address is not affected.
    expect((await lookUp(sealId, { cookie: first.cookie, ip: '203.0.113.6' })).statusCode).toBe(200)
  })

  it('counts per account across addresses; another member and the other address stay GREEN', async () => {
    const { db, clock } = ctx()
    const { sealId } = await createSeal(ctx())
    const member = await createMember(db, clock)
    const other = await createMember(db, clock)
    await failTimes(5, { cookie: member.cookie, ip: '203.0.113.1' })
    await failTimes(5, { cookie: member.cookie, ip: '203.0.113.2' }, 5)
    const refused = await lookUp(sealId, { cookie: member.cookie, ip: '203.0.113.3' })
    expect(refused.statusCode).toBe(429)
    expect(await penaltyOf(member.cookie)).toBe('YELLOW')
    // Neither address reached 10: a guest there, and another member, get their puri.
    expect((await lookUp(sealId, { ip: '203.0.113.1' })).statusCode).toBe(200)
    expect((await lookUp(sealId, { cookie: other.cookie, ip: '203.0.113.2' })).statusCode).toBe(200)
    expect(await penaltyOf(other.cookie)).toBe('GREEN')
  })

  it('refuses a member on an address that is YELLOW, without marking their account', async () => {
    const { db, clock } = ctx()
    const { sealId } = await createSeal(ctx())
    await failTimes(10, { ip: '203.0.113.9' })
    const member = await createMember(db, clock)
    expect((await lookUp(sealId, { cookie: member.cookie, ip: '203.0.113.9' })).statusCode).toBe(429)
    expect(await penaltyOf(member.cookie)).toBe('GREEN')
  })

  it('does not count malformed IDs, expired seals or found seals', async () => {
    const { db, clock } = ctx()
    const { cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    const expired = await createSeal(ctx(), { shotAt: new Date(TEST_NOW.getTime() - 7 * DAY + 30 * MINUTE) })
    clock.advance(HOUR)
    for (let i = 0; i < 12; i++) {
      expect((await lookUp(`bad-${i}`, { cookie })).json().error.code).toBe('SEAL_ID_MALFORMED')
      expect((await lookUp(expired.sealId, { cookie })).json().error.code).toBe('SEAL_EXPIRED')
      expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    }
    await failTimes(9, { cookie })
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    expect(await penaltyOf(cookie)).toBe('GREEN')
  })

  function preview(id: string, number: number, options: { cookie?: string; ip?: string } = {}) {
    return ctx().app.inject({
      url: `/sp/puri/thum.jpg?sealId=${encodeURIComponent(id)}&number=${number}`,
      headers: options.cookie ? { cookie: options.cookie } : {},
      remoteAddress: options.ip ?? '198.51.100.10',
    })
  }

  it('the preview image counts unknown seals like the seal view, and is refused under YELLOW', async () => {
    const { db, clock } = ctx()
    const { cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    // Five guesses through the picture route, five through the seal view: ten for the account.
    for (let i = 0; i < 5; i++) {
      const guess = await preview(unknownId(i), 1, { cookie })
      expect(guess.statusCode).toBe(404)
      expect(guess.json().error.code).toBe('SEAL_NOT_FOUND')
    }
    await failTimes(5, { cookie }, 5)
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(429)
    expect(await penaltyOf(cookie)).toBe('YELLOW')

    // Under YELLOW the pictures of a real seal are refused too, with the time left.
    const refused = await preview(sealId, 1, { cookie })
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['content-type']).toContain('application/json')
    expect(refused.json().error.code).toBe('PURIGET_PENALTY_YELLOW')
    expect(Number(refused.headers['retry-after'])).toBe(3600)
    // A guest on the same address is held back as well (the address counted the same ten).
    expect((await preview(sealId, 1)).json().error.code).toBe('PURIGET_PENALTY_YELLOW')

    clock.advance(HOUR)
    const after = await preview(sealId, 1, { cookie })
    expect(after.statusCode).toBe(200)
    expect(after.headers['content-type']).toBe('image/jpeg')
  })

  it('a known seal with an unknown picture number is NOT_FOUND and never counts', async () => {
    const { db, clock } = ctx()
    const { cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    for (let number = 10; number < 30; number++) {
      const missing = await preview(sealId, number, { cookie })
      expect(missing.statusCode).toBe(404)
      expect(missing.json().error.code).toBe('NOT_FOUND')
    }
    // Nor do malformed IDs: twenty attempts and still nothing counted.
    for (let i = 0; i < 12; i++) {
      expect((await preview(`bad-${i}`, 1, { cookie })).json().error.code).toBe('SEAL_ID_MALFORMED')
    }
    await failTimes(9, { cookie })
    expect((await preview(sealId, 1, { cookie })).statusCode).toBe(200)
    expect(await penaltyOf(cookie)).toBe('GREEN')
  })

  it('refuses the preview image to a RED account', async () => {
    const { db, clock } = ctx()
    const { cookie } = await createMember(db, clock, { purigetPenalty: 'RED' })
    const { sealId } = await createSeal(ctx())
    const refused = await preview(sealId, 1, { cookie })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('PURIGET_PENALTY_RED')
  })

  it('turns an account RED after 30 unknown IDs in a day; it stays until clearPenalty', async () => {
    const { db, clock } = ctx()
    const { account, cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    for (let round = 0; round < 3; round++) {
      await failTimes(10, { cookie, ip: `203.0.113.${20 + round}` }, round * 10)
      clock.advance(HOUR)
    }
    const refused = await lookUp(sealId, { cookie, ip: '203.0.113.30' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('PURIGET_PENALTY_RED')
    expect(await penaltyOf(cookie)).toBe('RED')

    clock.advance(2 * DAY)
    expect((await lookUp(sealId, { cookie, ip: '203.0.113.31' })).json().error.code).toBe(
      'PURIGET_PENALTY_RED',
    )
    expect(await penaltyOf(cookie)).toBe('RED')
    // The addresses themselves never turn RED: a guest on them gets puri.
    expect((await lookUp(sealId, { ip: '203.0.113.22' })).statusCode).toBe(200)

    expect(await service().clearPenalty(account.id)).toBe(true)
    expect(await penaltyOf(cookie)).toBe('GREEN')
    // Cleared by another process: this one sees it once its board is read again.
    await boardRefreshed()
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    // A clean slate: the counters went with it.
    await failTimes(9, { cookie, ip: '203.0.113.40' })
    expect((await lookUp(sealId, { cookie, ip: '203.0.113.41' })).statusCode).toBe(200)
  })

  it('honours an operator RED (the stored penalty) and clearPenalty lifts it', async () => {
    const { db, clock } = ctx()
    const { account, cookie } = await createMember(db, clock, { purigetPenalty: 'RED' })
    const { sealId } = await createSeal(ctx())
    const refused = await lookUp(sealId, { cookie })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('PURIGET_PENALTY_RED')
    expect(await service().statusOf(account.id, clock.now())).toEqual({ penalty: 'RED', yellowUntil: null })
    await service().clearPenalty(account.id)
    await boardRefreshed()
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    expect(await service().clearPenalty('00000000-0000-4000-8000-000000000000')).toBe(false)
  })

  it("sees another process's YELLOW and RED once its board is read again", async () => {
    const { db, clock } = ctx()
    const { sealId } = await createSeal(ctx())
    const { account, cookie } = await createMember(db, clock)
    expect((await lookUp(sealId, { ip: '203.0.113.70' })).statusCode).toBe(200)
    const elsewhere = service()
    for (let i = 0; i < 10; i++) {
      await elsewhere.recordLookupFailure({ accountId: null, ip: '203.0.113.70', now: clock.now() })
    }
    await db.update(accounts).set({ purigetPenalty: 'RED' }).where(eq(accounts.id, account.id))
    await boardRefreshed()
    expect((await lookUp(sealId, { ip: '203.0.113.70' })).statusCode).toBe(429)
    expect((await lookUp(sealId, { cookie, ip: '203.0.113.71' })).json().error.code).toBe(
      'PURIGET_PENALTY_RED',
    )
  })

  it('recordLookupFailure answers the new state; statusOf reads YELLOW while it lasts', async () => {
    const { db, clock } = ctx()
    const account = await createAccount(db)
    const penalties = service()
    const caller = { accountId: account.id, ip: '203.0.113.50', now: clock.now() }
    for (let i = 1; i < 10; i++) {
      expect(await penalties.recordLookupFailure(caller)).toEqual({ penalty: 'GREEN', yellowUntil: null })
    }
    const until = new Date(clock.now().getTime() + HOUR)
    expect(await penalties.recordLookupFailure(caller)).toEqual({ penalty: 'YELLOW', yellowUntil: until })
    expect(await penalties.statusOf(account.id, clock.now())).toEqual({
      penalty: 'YELLOW',
      yellowUntil: until,
    })
    await expect(penalties.assertMayGetPuri(caller)).rejects.toMatchObject({
      code: 'PURIGET_PENALTY_YELLOW',
      headers: { 'retry-after': '3600' },
    })
    expect(await penalties.statusOf(account.id, until)).toEqual({ penalty: 'GREEN', yellowUntil: null })
    // The stored column says YELLOW until the next failure or clear; readers derive it from the end.
    const [row] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(row!.purigetPenalty).toBe('YELLOW')
    const next = { ...caller, now: new Date(until.getTime() + HOUR) }
    expect(await penalties.recordLookupFailure(next)).toEqual({ penalty: 'GREEN', yellowUntil: null })
    const [after] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(after!.purigetPenalty).toBe('GREEN')
  })

  it('sweeps counters once their windows and YELLOW are over; an account deletion takes its counters', async () => {
    const { db, clock } = ctx()
    const account = await createAccount(db)
    const penalties = service()
    await penalties.recordLookupFailure({ accountId: account.id, ip: '203.0.113.60', now: clock.now() })
    expect(await db.select().from(purigetFailures)).toHaveLength(2)
    await penalties.sweep(new Date(clock.now().getTime() + DAY - 1))
    expect(await db.select().from(purigetFailures)).toHaveLength(2)
    await penalties.sweep(new Date(clock.now().getTime() + DAY))
    expect(await db.select().from(purigetFailures)).toHaveLength(0)

    await penalties.recordLookupFailure({ accountId: account.id, ip: '203.0.113.60', now: clock.now() })
    await db.delete(accounts).where(eq(accounts.id, account.id))
    expect((await db.select().from(purigetFailures)).map((r) => r.subject)).toEqual(['ip:203.0.113.60'])
  })
})
