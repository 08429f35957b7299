import { connect } from 'node:net'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createAccount, createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { createOperator } from '../../test/operators'
import { createSeal } from '../../test/seals'
import { createAccountsRepository } from '../accounts/accounts.repository'
import { accounts } from '../accounts/accounts.schema'
import type { OperatorActor } from '../actor'
import { PURIGET_GUEST_COOKIE } from './guest-keys'
import { accountSubject, createPenaltiesRepository } from './penalties.repository'
import { purigetFailures } from './penalties.schema'
import { createPenaltyService } from './penalties.service'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The n-th well-formed seal ID that no booth ever printed. */
function unknownId(n: number): string {
  return `ZZZZZ${String(n).padStart(5, '0')}`
}

/** TEST_NOW (03:00 UTC) is 12:00 in Japan: an hour's pause from then ends at 13:00. */
const PAUSED_UNTIL_AT_TEST_NOW = '2026-11-20T13:00:00'

/** The app's copy of the penalties in force is read again after this long (decision 0028, "The board"). */
const BOARD_REFRESH_MS = 150
const boardRefreshed = () => new Promise((resolve) => setTimeout(resolve, BOARD_REFRESH_MS + 20))

interface Who {
  cookie?: string
  ip?: string
}

describe('puri-getting penalties on GET /sp/2/seals/:id', () => {
  const ctx = useTestApp({ penaltyBoardRefreshMs: BOARD_REFRESH_MS })

  function lookUp(id: string, who: Who = {}) {
    return ctx().app.inject({
      url: `/sp/2/seals/${encodeURIComponent(id)}`,
      headers: who.cookie ? { cookie: who.cookie } : {},
      remoteAddress: who.ip ?? '198.51.100.10',
    })
  }

  /** A guest's browser on an address: it keeps the penalty's cookie as a browser would. */
  function guestBrowser(ip = '198.51.100.10') {
    let key: string | undefined
    return {
      ip,
      get cookie() {
        return key === undefined ? undefined : `${PURIGET_GUEST_COOKIE}=${key}`
      },
      async lookUp(id: string) {
        const response = await lookUp(id, { cookie: this.cookie, ip })
        const given = response.cookies.find((cookie) => cookie.name === PURIGET_GUEST_COOKIE)
        if (given) key = given.value
        return response
      },
    }
  }

  /** `count` distinct unknown IDs from `from` on: each one "not found", with the tries left. */
  async function failTimes(count: number, who: Who = {}, from = 0) {
    const left: number[] = []
    for (let i = 0; i < count; i++) {
      const response = await lookUp(unknownId(from + i), who)
      expect(response.statusCode, `failure ${from + i + 1}`).toBe(404)
      expect(response.json().error.code).toBe('SEAL_NOT_FOUND')
      left.push(response.json().error.penalty.triesLeft)
    }
    return left
  }

  async function penaltyOf(cookie: string) {
    const response = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    return response.json().entity.account.purigetPenalty as string
  }

  /** The penalty service of another server process (an operator's console, say), on the same database. */
  function service() {
    return createPenaltyService({
      repo: createPenaltiesRepository(ctx().db, createAccountsRepository(ctx().db), ctx().events),
      boardRefreshMs: 0,
    })
  }

  /** An operator of the support role, as the console's routes hand one to the service. */
  async function support(): Promise<OperatorActor> {
    const { operator } = await createOperator(ctx().db, { role: 'support' })
    return { kind: 'operator', operatorId: operator.id, role: 'support', ip: '203.0.113.200' }
  }

  it('counts down the tries left, holds a member after 10 unknown IDs with YELLOW until a clock time, then lets go', async () => {
    const { db, clock } = ctx()
    const { cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    expect(await penaltyOf(cookie)).toBe('GREEN')
    expect(await failTimes(9, { cookie })).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1])

    // The tenth is still "not found", and says that lookups have just paused, and until when.
    const tenth = await lookUp(unknownId(9), { cookie })
    expect(tenth.statusCode).toBe(404)
    expect(tenth.json().error).toEqual({
      code: 'SEAL_NOT_FOUND',
      message: expect.any(String),
      penalty: { triesLeft: 0, stopsWith: 'YELLOW', pausedUntil: PAUSED_UNTIL_AT_TEST_NOW },
    })

    const refused = await lookUp(unknownId(99), { cookie })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      entity: null,
      error: {
        code: 'PURIGET_PENALTY_YELLOW',
        message: expect.any(String),
        penalty: { triesLeft: 0, stopsWith: 'YELLOW', pausedUntil: PAUSED_UNTIL_AT_TEST_NOW },
      },
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
    expect(later.json().error.penalty.pausedUntil).toBe(PAUSED_UNTIL_AT_TEST_NOW)

    clock.advance(20 * MINUTE)
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    expect(await penaltyOf(cookie)).toBe('GREEN')
    // A fresh hour: one more unknown ID is just "not found", with nine tries left.
    expect(await failTimes(1, { cookie }, 100)).toEqual([9])
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
  })

  it('the same unknown ID counts once, asked again later or several times at once', async () => {
    const { db, clock } = ctx()
    const { cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    for (let i = 0; i < 5; i++) {
      const again = await lookUp(unknownId(0), { cookie })
      expect(again.json().error.penalty.triesLeft).toBe(9)
      clock.advance(MINUTE)
    }
    // However typed: the same ID once normalised.
    expect((await lookUp('zzzzz-00000', { cookie })).json().error.penalty.triesLeft).toBe(9)
    // A page that asks twice, a double tap: the same ID at the same moment.
    const atOnce = await Promise.all(Array.from({ length: 6 }, () => lookUp(unknownId(1), { cookie })))
    expect(atOnce.map((response) => response.json().error.code)).toEqual(Array(6).fill('SEAL_NOT_FOUND'))
    expect((await lookUp(unknownId(1), { cookie })).json().error.penalty.triesLeft).toBe(8)

    // Twelve lookups so far, two IDs: eight more distinct ones are still "not found"...
    expect(await failTimes(7, { cookie }, 2)).toEqual([7, 6, 5, 4, 3, 2, 1])
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    // ...and the tenth distinct one pauses lookups.
    expect(await failTimes(1, { cookie }, 9)).toEqual([0])
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(429)
  })

  it('a lookup the browser gave up on counts once with the lookup it asks again', async () => {
    const { app, db, clock } = ctx()
    const { account, cookie } = await createMember(db, clock)
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    // The request is sent whole, then the connection closes before any answer: the page left.
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET /sp/2/seals/${unknownId(7)} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nAccept: application/json\r\n\r\n`,
          () => {
            socket.destroy()
            resolve()
          },
        )
      })
      socket.on('error', reject)
    })
    const counted = async () => {
      const rows = await db
        .select({ ids: purigetFailures.hourSealIds })
        .from(purigetFailures)
        .where(eq(purigetFailures.subject, accountSubject(account.id)))
      return rows[0]?.ids ?? []
    }
    for (let waited = 0; (await counted()).length === 0; waited += 10) {
      expect(waited, 'the server handled the abandoned lookup').toBeLessThan(5000)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }

    // The page asks again: the same ID, not a second failure.
    const retry = await lookUp(unknownId(7), { cookie, ip: '127.0.0.1' })
    expect(retry.json().error).toMatchObject({ code: 'SEAL_NOT_FOUND', penalty: { triesLeft: 9 } })
    expect(await counted()).toEqual([unknownId(7)])
  })

  it("ten distinct unknown IDs hold a guest's browser; nine do not, and nobody else on the address is held", async () => {
    const { db, clock } = ctx()
    const { sealId } = await createSeal(ctx())
    const guest = guestBrowser('203.0.113.5')
    const left: number[] = []
    for (let i = 0; i < 9; i++) left.push((await guest.lookUp(unknownId(i))).json().error.penalty.triesLeft)
    expect(left).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1])
    expect((await guest.lookUp(sealId)).statusCode).toBe(200)

    const tenth = (await guest.lookUp(unknownId(9))).json().error
    expect(tenth.penalty).toEqual({
      triesLeft: 0,
      stopsWith: 'YELLOW',
      pausedUntil: PAUSED_UNTIL_AT_TEST_NOW,
    })
    const refused = await guest.lookUp(sealId)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('PURIGET_PENALTY_YELLOW')

    // One person does not hold the shop's Wi-Fi: another browser, a guest without the cookie and a
    // member on the same address get their puri; the address has counted ten of its hundred.
    expect((await guestBrowser('203.0.113.5').lookUp(sealId)).statusCode).toBe(200)
    expect((await lookUp(sealId, { ip: '203.0.113.5' })).statusCode).toBe(200)
    const member = await createMember(db, clock)
    expect((await lookUp(sealId, { cookie: member.cookie, ip: '203.0.113.5' })).statusCode).toBe(200)
    const other = guestBrowser('203.0.113.5')
    expect((await other.lookUp(unknownId(50))).json().error.penalty.triesLeft).toBe(9)

    clock.advance(HOUR)
    expect((await guest.lookUp(sealId)).statusCode).toBe(200)
  })

  it('gives the guest its cookie with the first unknown ID only, HttpOnly, and replaces one that is no key', async () => {
    const { sealId } = await createSeal(ctx())
    const found = await lookUp(sealId)
    expect(found.statusCode).toBe(200)
    expect(found.headers['set-cookie']).toBeUndefined()
    expect((await lookUp('not-a-seal')).headers['set-cookie']).toBeUndefined()

    const first = await lookUp(unknownId(1))
    const [given] = first.cookies.filter((cookie) => cookie.name === PURIGET_GUEST_COOKIE)
    expect(given).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 86400 })
    expect(given!.value).toMatch(/^[A-Za-z0-9_-]{22}$/)
    // Kept by the browser: no new cookie, and the same key counts on.
    const cookie = `${PURIGET_GUEST_COOKIE}=${given!.value}`
    const second = await lookUp(unknownId(2), { cookie })
    expect(second.headers['set-cookie']).toBeUndefined()
    expect(second.json().error.penalty.triesLeft).toBe(8)

    const forged = await lookUp(unknownId(3), { cookie: `${PURIGET_GUEST_COOKIE}=x` })
    const [replaced] = forged.cookies.filter((c) => c.name === PURIGET_GUEST_COOKIE)
    expect(replaced!.value).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(replaced!.value).not.toBe(given!.value)
  })

  it('counts a member by account across addresses, never by the address', async () => {
    const { db, clock } = ctx()
    const { sealId } = await createSeal(ctx())
    const member = await createMember(db, clock)
    const other = await createMember(db, clock)
    await failTimes(5, { cookie: member.cookie, ip: '203.0.113.1' })
    await failTimes(5, { cookie: member.cookie, ip: '203.0.113.2' }, 5)
    const refused = await lookUp(sealId, { cookie: member.cookie, ip: '203.0.113.3' })
    expect(refused.statusCode).toBe(429)
    expect(await penaltyOf(member.cookie)).toBe('YELLOW')
    // The addresses counted nothing of it: a guest there starts with all its tries, another member too.
    expect((await lookUp(sealId, { ip: '203.0.113.1' })).statusCode).toBe(200)
    expect(await failTimes(1, { ip: '203.0.113.2' }, 20)).toEqual([9])
    expect((await lookUp(sealId, { cookie: other.cookie, ip: '203.0.113.2' })).statusCode).toBe(200)
    expect(await failTimes(1, { cookie: other.cookie, ip: '203.0.113.2' }, 30)).toEqual([9])
    expect(await penaltyOf(other.cookie)).toBe('GREEN')
    expect(
      (await db.select({ subject: purigetFailures.subject }).from(purigetFailures))
        .map((row) => row.subject)
        .filter((subject) => subject === 'ip:203.0.113.1'),
    ).toEqual([])
  })

  it('holds the guests of an address after 100 unknown IDs (a guest who drops the cookie too), never its members', async () => {
    const { db, clock } = ctx()
    const { sealId } = await createSeal(ctx())
    const shop = '203.0.113.9'
    // A guest who throws the cookie away is a new browser every time: only the address counts it.
    const left = await failTimes(99, { ip: shop })
    expect(left.slice(0, 3)).toEqual([9, 9, 9])
    expect(left.slice(-4)).toEqual([4, 3, 2, 1])
    expect((await lookUp(sealId, { ip: shop })).statusCode).toBe(200)

    const hundredth = await guestBrowser(shop).lookUp(unknownId(99))
    expect(hundredth.json().error.penalty).toEqual({
      triesLeft: 0,
      stopsWith: 'YELLOW',
      pausedUntil: PAUSED_UNTIL_AT_TEST_NOW,
    })
    expect((await lookUp(sealId, { ip: shop })).json().error.code).toBe('PURIGET_PENALTY_YELLOW')
    expect((await guestBrowser(shop).lookUp(sealId)).statusCode).toBe(429)
    // Another address, and a member on this one, are not held.
    expect((await lookUp(sealId, { ip: '203.0.113.10' })).statusCode).toBe(200)
    const member = await createMember(db, clock)
    expect((await lookUp(sealId, { cookie: member.cookie, ip: shop })).statusCode).toBe(200)
    expect(await penaltyOf(member.cookie)).toBe('GREEN')

    clock.advance(HOUR)
    expect((await lookUp(sealId, { ip: shop })).statusCode).toBe(200)
  })

  it('does not count malformed IDs, expired seals or found seals', async () => {
    const { db, clock } = ctx()
    const { cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    const expired = await createSeal(ctx(), { shotAt: new Date(TEST_NOW.getTime() - 7 * DAY + 30 * MINUTE) })
    clock.advance(HOUR)
    for (let i = 0; i < 12; i++) {
      expect((await lookUp(`bad-${i}`, { cookie })).json().error).toEqual({
        code: 'SEAL_ID_MALFORMED',
        message: expect.any(String),
      })
      expect((await lookUp(expired.sealId, { cookie })).json().error.code).toBe('SEAL_EXPIRED')
      expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    }
    expect(await failTimes(9, { cookie })).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1])
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    expect(await penaltyOf(cookie)).toBe('GREEN')
  })

  function preview(id: string, number: number, who: Who = {}) {
    return ctx().app.inject({
      url: `/sp/puri/thum.jpg?sealId=${encodeURIComponent(id)}&number=${number}`,
      headers: who.cookie ? { cookie: who.cookie } : {},
      remoteAddress: who.ip ?? '198.51.100.10',
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
      expect(guess.json().error).toMatchObject({ code: 'SEAL_NOT_FOUND', penalty: { triesLeft: 9 - i } })
    }
    // The same unknown seal's other pictures are the same ID: they do not count again.
    expect((await preview(unknownId(0), 2, { cookie })).json().error.penalty.triesLeft).toBe(5)
    await failTimes(5, { cookie }, 5)
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(429)
    expect(await penaltyOf(cookie)).toBe('YELLOW')

    // Under YELLOW the pictures of a real seal are refused too, with the time left.
    const refused = await preview(sealId, 1, { cookie })
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['content-type']).toContain('application/json')
    expect(refused.json().error.code).toBe('PURIGET_PENALTY_YELLOW')
    expect(Number(refused.headers['retry-after'])).toBe(3600)
    // A guest on the same address is not held: the member's ten were the account's.
    expect((await preview(sealId, 1)).statusCode).toBe(200)

    clock.advance(HOUR)
    const after = await preview(sealId, 1, { cookie })
    expect(after.statusCode).toBe(200)
    expect(after.headers['content-type']).toBe('image/jpeg')
  })

  it("another site's <img> tags cannot pause the guests behind an address; they are counted apart", async () => {
    const { sealId } = await createSeal(ctx())
    const carrier = '203.0.113.77'
    // 120 cookieless <img src="/sp/puri/thum.jpg?sealId=…"> on a stranger's page, as a browser sends them.
    const embedded = (id: string) =>
      ctx().app.inject({
        url: `/sp/puri/thum.jpg?sealId=${encodeURIComponent(id)}&number=1`,
        headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
        remoteAddress: carrier,
      })
    const statuses: number[] = []
    for (let i = 0; i < 120; i++) statuses.push((await embedded(unknownId(i))).statusCode)
    // The embedding stays limited: 100 distinct unknown IDs, then its own pause, and no cookie given.
    expect(statuses.slice(0, 100).every((status) => status === 404)).toBe(true)
    expect(statuses.slice(100).every((status) => status === 429)).toBe(true)
    expect((await embedded(unknownId(200))).headers['set-cookie']).toBeUndefined()

    // A real guest behind that address gets their seal, by its view and its pictures, with all tries.
    expect((await lookUp(sealId, { ip: carrier })).statusCode).toBe(200)
    expect((await preview(sealId, 1, { ip: carrier })).statusCode).toBe(200)
    const mistake = await lookUp(unknownId(500), { ip: carrier })
    expect(mistake.json().error.penalty.triesLeft).toBe(9)
    // PuriBox's own pages (same-origin) and typed addresses (none) are the address's own lookups.
    for (const site of ['same-origin', 'none']) {
      const own = await ctx().app.inject({
        url: `/sp/2/seals/${sealId}`,
        headers: { 'sec-fetch-site': site },
        remoteAddress: carrier,
      })
      expect(own.statusCode).toBe(200)
    }
  })

  it("a script that marks its guesses as cross-site is still held at the address's limit", async () => {
    const { sealId } = await createSeal(ctx())
    const ip = '203.0.113.78'
    const marked = (id: string) =>
      ctx().app.inject({
        url: `/sp/2/seals/${id}`,
        headers: { 'sec-fetch-site': 'cross-site' },
        remoteAddress: ip,
      })
    for (let i = 0; i < 100; i++) expect((await marked(unknownId(i))).statusCode).toBe(404)
    expect((await marked(sealId)).statusCode).toBe(429)
    // Dropping the mark puts it back on the address's guests' count, which it has not used yet:
    // 200 guesses an hour instead of 100, against 32^10 possible IDs.
    const left = await failTimes(100, { ip })
    expect(left.at(-1)).toBe(0)
    expect((await lookUp(sealId, { ip })).statusCode).toBe(429)
  })

  it("the preview image gives a guest the penalty's cookie with an unknown seal", async () => {
    const guess = await preview(unknownId(1), 1)
    expect(guess.json().error.penalty.triesLeft).toBe(9)
    const [given] = guess.cookies.filter((cookie) => cookie.name === PURIGET_GUEST_COOKIE)
    const cookie = `${PURIGET_GUEST_COOKIE}=${given!.value}`
    expect((await lookUp(unknownId(2), { cookie })).json().error.penalty.triesLeft).toBe(8)
  })

  it('a known seal with an unknown picture number is NOT_FOUND and never counts', async () => {
    const { db, clock } = ctx()
    const { cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    for (let number = 10; number < 30; number++) {
      const missing = await preview(sealId, number, { cookie })
      expect(missing.statusCode).toBe(404)
      expect(missing.json().error).toEqual({ code: 'NOT_FOUND', message: expect.any(String) })
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
    expect(refused.json().error).toEqual({
      code: 'PURIGET_PENALTY_RED',
      message: expect.any(String),
      penalty: { triesLeft: 0, stopsWith: 'RED', pausedUntil: null },
    })
  })

  it('turns an account RED after 30 distinct unknown IDs in a day, warning that RED comes next; it stays until clearPenalty', async () => {
    const { db, clock } = ctx()
    const { account, cookie } = await createMember(db, clock)
    const { sealId } = await createSeal(ctx())
    for (let round = 0; round < 2; round++) {
      await failTimes(10, { cookie, ip: `203.0.113.${20 + round}` }, round * 10)
      clock.advance(HOUR)
    }
    // The third hour: the ten tries left are the day's last, and what ends them is RED.
    const third = await lookUp(unknownId(20), { cookie, ip: '203.0.113.22' })
    expect(third.json().error.penalty).toEqual({ triesLeft: 9, stopsWith: 'RED', pausedUntil: null })
    await failTimes(8, { cookie, ip: '203.0.113.22' }, 21)
    const last = await lookUp(unknownId(29), { cookie, ip: '203.0.113.22' })
    expect(last.json().error.penalty).toEqual({ triesLeft: 0, stopsWith: 'RED', pausedUntil: null })

    const refused = await lookUp(sealId, { cookie, ip: '203.0.113.30' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('PURIGET_PENALTY_RED')
    expect(await penaltyOf(cookie)).toBe('RED')

    clock.advance(2 * DAY)
    expect((await lookUp(sealId, { cookie, ip: '203.0.113.31' })).json().error.code).toBe(
      'PURIGET_PENALTY_RED',
    )
    expect(await penaltyOf(cookie)).toBe('RED')
    // The addresses never turn RED: a guest on them gets puri.
    expect((await lookUp(sealId, { ip: '203.0.113.22' })).statusCode).toBe(200)

    expect(await service().clearPenalty(await support(), account.id, 'PURIGET', null, clock.now())).toBe(
      'CLEARED',
    )
    expect(await penaltyOf(cookie)).toBe('GREEN')
    // Cleared by another process: this one sees it once its board is read again.
    await boardRefreshed()
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    // A clean slate: the counters went with it.
    expect(await failTimes(9, { cookie, ip: '203.0.113.40' })).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1])
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
    const operator = await support()
    await service().clearPenalty(operator, account.id, 'PURIGET', null, clock.now())
    await boardRefreshed()
    expect((await lookUp(sealId, { cookie })).statusCode).toBe(200)
    expect(
      await service().clearPenalty(
        operator,
        '00000000-0000-4000-8000-000000000000',
        'PURIGET',
        null,
        clock.now(),
      ),
    ).toBeNull()
  })

  it("sees another process's YELLOW and RED once its board is read again", async () => {
    const { db, clock } = ctx()
    const { sealId } = await createSeal(ctx())
    const red = await createMember(db, clock)
    const yellow = await createMember(db, clock)
    expect((await lookUp(sealId, { ip: '203.0.113.70' })).statusCode).toBe(200)
    expect((await lookUp(sealId, { cookie: yellow.cookie })).statusCode).toBe(200)
    const elsewhere = service()
    const now = clock.now()
    for (let i = 0; i < 100; i++) {
      await elsewhere.recordLookupFailure(
        { accountId: null, guestKey: null, ip: '203.0.113.70', otherSite: false, now },
        unknownId(i),
      )
    }
    for (let i = 0; i < 10; i++) {
      await elsewhere.recordLookupFailure(
        { accountId: yellow.account.id, guestKey: null, ip: '203.0.113.71', otherSite: false, now },
        unknownId(i),
      )
    }
    await db.update(accounts).set({ purigetPenalty: 'RED' }).where(eq(accounts.id, red.account.id))
    await boardRefreshed()
    expect((await lookUp(sealId, { ip: '203.0.113.70' })).statusCode).toBe(429)
    expect((await lookUp(sealId, { cookie: yellow.cookie })).statusCode).toBe(429)
    expect((await lookUp(sealId, { cookie: red.cookie, ip: '203.0.113.72' })).json().error.code).toBe(
      'PURIGET_PENALTY_RED',
    )
  })

  it('recordLookupFailure answers the new state and the tries left; statusOf reads YELLOW while it lasts', async () => {
    const { db, clock } = ctx()
    const account = await createAccount(db)
    const penalties = service()
    const caller = {
      accountId: account.id,
      guestKey: null,
      ip: '203.0.113.50',
      otherSite: false,
      now: clock.now(),
    }
    for (let i = 1; i < 10; i++) {
      expect(await penalties.recordLookupFailure(caller, unknownId(i))).toEqual({
        penalty: 'GREEN',
        yellowUntil: null,
        triesLeft: 10 - i,
        stopsWith: 'YELLOW',
      })
    }
    // The same ID again changes nothing.
    expect((await penalties.recordLookupFailure(caller, unknownId(1))).triesLeft).toBe(1)
    const until = new Date(clock.now().getTime() + HOUR)
    expect(await penalties.recordLookupFailure(caller, unknownId(10))).toEqual({
      penalty: 'YELLOW',
      yellowUntil: until,
      triesLeft: 0,
      stopsWith: 'YELLOW',
    })
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
    expect((await penalties.recordLookupFailure(next, unknownId(11))).penalty).toBe('GREEN')
    const [after] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(after!.purigetPenalty).toBe('GREEN')
  })

  it("sweeps a guest's and an address's counters after the hour, an account's after the day; an account deletion takes its counters", async () => {
    const { db, clock } = ctx()
    const account = await createAccount(db)
    const penalties = service()
    const now = clock.now()
    await penalties.recordLookupFailure(
      { accountId: account.id, guestKey: null, ip: '203.0.113.60', otherSite: false, now },
      unknownId(1),
    )
    await penalties.recordLookupFailure(
      { accountId: null, guestKey: 'k'.repeat(22), ip: '203.0.113.60', otherSite: false, now },
      unknownId(1),
    )
    const subjects = async () =>
      (await db.select({ subject: purigetFailures.subject }).from(purigetFailures))
        .map((row) => row.subject.split(':')[0])
        .sort()
    expect(await subjects()).toEqual(['account', 'guest', 'ip'])
    await penalties.sweep(new Date(now.getTime() + HOUR - 1))
    expect(await subjects()).toEqual(['account', 'guest', 'ip'])
    await penalties.sweep(new Date(now.getTime() + HOUR))
    expect(await subjects()).toEqual(['account'])
    await penalties.sweep(new Date(now.getTime() + DAY))
    expect(await subjects()).toEqual([])

    await penalties.recordLookupFailure(
      { accountId: account.id, guestKey: null, ip: '203.0.113.60', otherSite: false, now },
      unknownId(1),
    )
    await db.delete(accounts).where(eq(accounts.id, account.id))
    expect(await subjects()).toEqual([])
  })
})
