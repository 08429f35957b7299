import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createMember, createSession, PREMIUM_FOR_EVER } from '../../test/factories'
import { type TestContext, useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'
import { accounts } from '../accounts/accounts.schema'
import { createFilesRepository } from '../files/files.repository'
import { createSealsRepository } from '../seals/seals.repository'
import { createSavingRepository } from './saving.repository'
import { savedImages, sealRegistrations } from './saving.schema'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

// createSeal shoots an hour before TEST_NOW (2026-11-20T03:00Z): expires 2026-11-27T02:00Z = 11:00 JST.
const EXPIRY = new Date('2026-11-27T02:00:00Z')

function save(ctx: TestContext, sealId: string, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/sp/2/seals/${encodeURIComponent(sealId)}/registrations`,
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
  })
}

async function savedRows(ctx: TestContext, accountId: string) {
  return ctx.db
    .select({ sealId: savedImages.sealId, puriNumber: savedImages.puriNumber })
    .from(savedImages)
    .where(eq(savedImages.accountId, accountId))
    .orderBy(savedImages.puriNumber)
}

async function ownerCount(ctx: TestContext, sealId: string) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(sealRegistrations)
    .where(eq(sealRegistrations.sealId, sealId))
  return row!.n
}

describe('POST /sp/2/seals/:id/registrations', () => {
  const ctx = useTestApp()

  it('saving goes through the puri-getting penalty: unknown IDs count, YELLOW refuses even a real seal', async () => {
    const { sealId } = await createSeal(ctx())
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    for (let i = 0; i < 10; i++) {
      const unknown = await save(ctx(), `ZZZZZ0000${i}`, cookie)
      expect(unknown.json().error.code).toBe('SEAL_NOT_FOUND')
    }
    const refused = await save(ctx(), sealId, cookie)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('PURIGET_PENALTY_YELLOW')
    expect(refused.headers['retry-after']).toBeDefined()
    expect(await savedRows(ctx(), account.id)).toEqual([])
  })

  it('mini: saves the first regular puri free, the rest stay unsaved', async () => {
    // 1 raw, 2 proof, 3 and 4 regular: the free one is 3.
    const { sealId, machineId } = await createSeal(ctx(), {
      meta: {
        puris: [
          { number: 1, isRawPuri: true, rawPuriImageNumber: 3, isProofSample: false },
          { number: 2, isRawPuri: false, rawPuriImageNumber: null, isProofSample: true },
          { number: 3, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false },
          { number: 4, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false },
        ],
      },
    })
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    const response = await save(ctx(), sealId.toLowerCase(), cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json().entity).toEqual({
      sealId,
      sealExpireDate: '2026-11-27T11:00:00',
      machine: { id: machineId, name: 'テスト機', seriesId: 'test', version: '1.0' },
      registeredAt: '2026-11-20T12:00:00',
      alreadyRegistered: false,
      savedCount: 1,
      unsavedCount: 3,
      noFreePuriReason: null,
    })
    expect(await savedRows(ctx(), account.id)).toEqual([{ sealId, puriNumber: 3 }])
  })

  it.each([
    [
      'proof samples (with a raw version)',
      [
        { number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: true },
        { number: 2, isRawPuri: false, rawPuriImageNumber: null, isProofSample: true },
        { number: 3, isRawPuri: true, rawPuriImageNumber: 1, isProofSample: false },
      ],
      'PROOF_SAMPLES',
    ],
    [
      'raw puris only',
      [
        { number: 1, isRawPuri: true, rawPuriImageNumber: null, isProofSample: false },
        { number: 2, isRawPuri: true, rawPuriImageNumber: null, isProofSample: false },
        { number: 3, isRawPuri: true, rawPuriImageNumber: null, isProofSample: true },
      ],
      'RAW_ONLY',
    ],
  ])(
    'mini, a seal of %s: registered with nothing free, says why; all unsaved until premium',
    async (_, puris, reason) => {
      const { sealId } = await createSeal(ctx(), { meta: { puris } })
      const { account, cookie } = await createMember(ctx().db, ctx().clock)
      const first = await save(ctx(), sealId, cookie)
      expect(first.statusCode).toBe(200)
      expect(first.json().entity).toMatchObject({
        alreadyRegistered: false,
        savedCount: 0,
        unsavedCount: 3,
        noFreePuriReason: reason,
      })
      expect(await savedRows(ctx(), account.id)).toEqual([])
      expect(await ownerCount(ctx(), sealId)).toBe(1)
      const summary = await ctx().app.inject({ url: '/sp/2/images/unsaved/summary', headers: { cookie } })
      expect(summary.json().entity).toMatchObject({ hasUnsavedPuri: true, totalCount: 3 })
      const again = await save(ctx(), sealId, cookie)
      expect(again.json().entity).toMatchObject({
        alreadyRegistered: true,
        savedCount: 0,
        noFreePuriReason: reason,
      })

      // Premium before expiry: re-saving (or the upgrade's saveAllUnsaved) saves them all.
      await ctx()
        .db.update(accounts)
        .set({ premiumUntil: PREMIUM_FOR_EVER })
        .where(eq(accounts.id, account.id))
      const premium = await save(ctx(), sealId, cookie)
      expect(premium.json().entity).toMatchObject({
        savedCount: 3,
        unsavedCount: 0,
        noFreePuriReason: reason,
      })
    },
  )

  it('premium: saves every puri, raw included', async () => {
    const { sealId } = await createSeal(ctx())
    const { account, cookie } = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    const response = await save(ctx(), sealId, cookie)
    expect(response.json().entity).toMatchObject({ savedCount: 3, unsavedCount: 0, alreadyRegistered: false })
    expect((await savedRows(ctx(), account.id)).map((r) => r.puriNumber)).toEqual([1, 2, 3])
  })

  it('re-save is idempotent: same answer, alreadyRegistered, no new rows', async () => {
    const { sealId } = await createSeal(ctx())
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    const first = (await save(ctx(), sealId, cookie)).json().entity
    ctx().clock.advance(HOUR)
    const second = await save(ctx(), sealId, cookie)
    expect(second.statusCode).toBe(200)
    expect(second.json().entity).toEqual({ ...first, alreadyRegistered: true })
    expect(await savedRows(ctx(), account.id)).toHaveLength(1)
    expect(await ownerCount(ctx(), sealId)).toBe(1)
  })

  it('double submits at once create one registration and one saved picture', async () => {
    const { sealId } = await createSeal(ctx())
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    const answers = await Promise.all([
      save(ctx(), sealId, cookie),
      save(ctx(), sealId, cookie),
      save(ctx(), sealId, cookie),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    expect(answers.filter((a) => !a.json().entity.alreadyRegistered)).toHaveLength(1)
    expect(await ownerCount(ctx(), sealId)).toBe(1)
    expect(await savedRows(ctx(), account.id)).toHaveLength(1)
  })

  it('admits SEAL_MAX_OWNERS accounts; the 11th gets SEAL_FULL and nothing is written; owners may still re-save', async () => {
    const { sealId } = await createSeal(ctx())
    const members = []
    for (let i = 0; i < 10; i++) members.push(await createMember(ctx().db, ctx().clock))
    for (const member of members) expect((await save(ctx(), sealId, member.cookie)).statusCode).toBe(200)
    const eleventh = await createMember(ctx().db, ctx().clock)
    const refused = await save(ctx(), sealId, eleventh.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ entity: null, error: { code: 'SEAL_FULL' } })
    expect(await ownerCount(ctx(), sealId)).toBe(10)
    expect(await savedRows(ctx(), eleventh.account.id)).toEqual([])
    expect((await save(ctx(), sealId, members[0]!.cookie)).json().entity.alreadyRegistered).toBe(true)
  })

  it('members racing for the last places never exceed the limit', async () => {
    const { sealId } = await createSeal(ctx())
    for (let i = 0; i < 8; i++) await save(ctx(), sealId, (await createMember(ctx().db, ctx().clock)).cookie)
    const racers = await Promise.all([1, 2, 3, 4].map(() => createMember(ctx().db, ctx().clock)))
    const answers = await Promise.all(racers.map((r) => save(ctx(), sealId, r.cookie)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409])
    expect(await ownerCount(ctx(), sealId)).toBe(10)
  })

  it('a crowd of 25 members, some tapping twice, fills the 10 places exactly once each', async () => {
    const { sealId } = await createSeal(ctx())
    const crowd = await Promise.all(Array.from({ length: 25 }, () => createMember(ctx().db, ctx().clock)))
    const submits = crowd.flatMap((member, i) => (i % 3 === 0 ? [member, member] : [member]))
    const answers = await Promise.all(submits.map((member) => save(ctx(), sealId, member.cookie)))
    const admitted = new Set(
      answers.flatMap((answer, i) => (answer.statusCode === 200 ? [submits[i]!.account.id] : [])),
    )
    expect(admitted.size).toBe(10)
    expect(answers.every((a) => a.statusCode === 200 || a.json().error.code === 'SEAL_FULL')).toBe(true)
    // A member is either in (every one of their submits says so) or out (every one says SEAL_FULL).
    for (const member of crowd) {
      const theirs = answers.filter((_, i) => submits[i] === member).map((a) => a.statusCode)
      expect(new Set(theirs).size).toBe(1)
      expect((await savedRows(ctx(), member.account.id)).length).toBe(admitted.has(member.account.id) ? 1 : 0)
    }
    const places = await ctx()
      .db.select({ slot: sealRegistrations.slot })
      .from(sealRegistrations)
      .where(eq(sealRegistrations.sealId, sealId))
    expect(places.map((p) => p.slot).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it.each([['abc'], ['ABCDE1234U'], ['<script>']])(
    'refuses a malformed ID (%s) with SEAL_ID_MALFORMED',
    async (input) => {
      const { cookie } = await createMember(ctx().db, ctx().clock)
      const response = await save(ctx(), input, cookie)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('SEAL_ID_MALFORMED')
    },
  )

  it('answers SEAL_NOT_FOUND for an unknown seal, writing nothing', async () => {
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    const response = await save(ctx(), 'ABCDE12345', cookie)
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('SEAL_NOT_FOUND')
    expect(await savedRows(ctx(), account.id)).toEqual([])
  })

  it('saves until the last moment; at the expiry exactly it is SEAL_EXPIRED', async () => {
    const { sealId } = await createSeal(ctx())
    const a = await createMember(ctx().db, ctx().clock)
    const b = await createMember(ctx().db, ctx().clock)
    ctx().clock.set(new Date(EXPIRY.getTime() - 1))
    expect((await save(ctx(), sealId, a.cookie)).statusCode).toBe(200)
    ctx().clock.set(EXPIRY)
    const late = await save(ctx(), sealId, b.cookie)
    expect(late.statusCode).toBe(410)
    expect(late.json().error.code).toBe('SEAL_EXPIRED')
    expect(await ownerCount(ctx(), sealId)).toBe(1)
  })

  it('needs a member (401 for guests) and X-Requested-With', async () => {
    const { sealId } = await createSeal(ctx())
    expect((await save(ctx(), sealId)).statusCode).toBe(401)
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const noHeader = await ctx().app.inject({
      method: 'POST',
      url: `/sp/2/seals/${sealId}/registrations`,
      headers: { cookie },
    })
    expect(noHeader.statusCode).toBe(403)
    expect(await ownerCount(ctx(), sealId)).toBe(0)
  })

  it('mini then premium: saveAllUnsaved saves the rest of live seals only, once', async () => {
    const live = await createSeal(ctx())
    const old = await createSeal(ctx(), {
      shotAt: new Date(ctx().clock.now().getTime() - 6 * DAY - 23 * HOUR),
    })
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    await save(ctx(), live.sealId, cookie)
    await save(ctx(), old.sealId, cookie)
    ctx().clock.advance(2 * HOUR) // the old seal has expired now
    const repo = createSavingRepository(
      ctx().db,
      createSealsRepository(ctx().db, createFilesRepository(ctx().db)),
    )
    expect(await repo.saveAllUnsaved(account.id, ctx().clock.now())).toBe(2)
    expect(await repo.saveAllUnsaved(account.id, ctx().clock.now())).toBe(0)
    const rows = await savedRows(ctx(), account.id)
    expect(rows.filter((r) => r.sealId === live.sealId).map((r) => r.puriNumber)).toEqual([1, 2, 3])
    expect(rows.filter((r) => r.sealId === old.sealId).map((r) => r.puriNumber)).toEqual([1])
  })

  it('a member who became premium saves the rest by re-saving', async () => {
    const { sealId } = await createSeal(ctx())
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    await save(ctx(), sealId, cookie)
    await ctx().db.update(accounts).set({ premiumUntil: PREMIUM_FOR_EVER }).where(eq(accounts.id, account.id))
    const again = await save(ctx(), sealId, cookie)
    expect(again.json().entity).toMatchObject({ alreadyRegistered: true, savedCount: 3, unsavedCount: 0 })
  })
})

describe('GET /sp/2/seals/:id as a member', () => {
  const ctx = useTestApp()

  it('says per puri what the member may do', async () => {
    const { sealId } = await createSeal(ctx())
    const mini = await createMember(ctx().db, ctx().clock)
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    const get = (cookie?: string) =>
      ctx().app.inject({ url: `/sp/2/seals/${sealId}`, headers: cookie ? { cookie } : {} })
    const available = async (cookie?: string) =>
      (await get(cookie)).json().entity.puris.map((p: { available: string[] }) => p.available)
    expect(await available()).toEqual([['PREVIEW'], ['PREVIEW'], ['PREVIEW']])
    expect(await available(mini.cookie)).toEqual([['SAVE'], ['PREVIEW'], ['PREVIEW']])
    expect(await available(premium.cookie)).toEqual([['SAVE'], ['SAVE'], ['SAVE']])
    // The guest view (cached and pre-encoded) is untouched by members' reads.
    expect(await available()).toEqual([['PREVIEW'], ['PREVIEW'], ['PREVIEW']])
  })
})

describe('unsaved pictures', () => {
  const ctx = useTestApp({ timeTravel: true })

  async function miniWithTwoSeals() {
    const soon = await createSeal(ctx(), { shotAt: new Date(ctx().clock.now().getTime() - 3 * DAY) })
    const later = await createSeal(ctx())
    const member = await createMember(ctx().db, ctx().clock)
    await save(ctx(), later.sealId, member.cookie)
    await save(ctx(), soon.sealId, member.cookie)
    return { soon, later, member }
  }

  it('lists a mini member’s unsaved puris, soonest expiry first, paged', async () => {
    const { soon, later, member } = await miniWithTwoSeals()
    const page1 = await ctx().app.inject({
      url: '/sp/2/images/unsaved_only/list.json?count=3&puri=1&raw=1',
      headers: { cookie: member.cookie },
    })
    expect(page1.statusCode).toBe(200)
    const body = page1.json().entity
    expect(body).toMatchObject({ totalCount: 4, currentPage: 1, totalPage: 2 })
    expect(
      body.items.map((i: { sealId: string; puriNumber: number }) => `${i.sealId}-${i.puriNumber}`),
    ).toEqual([`${soon.sealId}-2`, `${soon.sealId}-3`, `${later.sealId}-2`])
    expect(body.items[0]).toEqual({
      imageId: null,
      sealId: soon.sealId,
      puriNumber: 2,
      registerdAt: '2026-11-20T12:00:00',
      expiringAt: '2026-11-24T12:00:00',
      machineName: 'テスト機',
      machineId: soon.machineId,
      rawPuri: false,
      readable: true,
    })
    const page2 = (
      await ctx().app.inject({
        url: '/sp/2/images/unsaved_only/list.json?count=3&page=2',
        headers: { cookie: member.cookie },
      })
    ).json().entity
    expect(page2.items).toHaveLength(1)
    const rawOnly = (
      await ctx().app.inject({
        url: '/sp/2/images/unsaved_only/list.json?raw=1',
        headers: { cookie: member.cookie },
      })
    ).json().entity
    expect(rawOnly.items.every((i: { rawPuri: boolean }) => i.rawPuri)).toBe(true)
    expect(rawOnly.totalCount).toBe(2)
  })

  it('summarises: count, days left and save-by date from the clock, time travel included', async () => {
    const { member } = await miniWithTwoSeals()
    const summary = (
      await ctx().app.inject({ url: '/sp/2/images/unsaved/summary', headers: { cookie: member.cookie } })
    ).json()
    expect(summary.entity).toMatchObject({
      hasUnsavedPuri: true,
      totalCount: 4,
      soonestExpiryDays: 4, // 2026-11-24 12:00 JST from 11-20 12:00 JST
      saveByDate: '11-23',
    })
    expect(summary.entity.items).toHaveLength(3)
    // Time travel to after the first seal expired: only the later seal's puris remain.
    const travelling = await createSession(ctx().db, ctx().clock, {
      accountId: member.account.id,
      timeTravelTo: new Date('2026-11-25T00:00:00Z'),
    })
    const travelled = (
      await ctx().app.inject({ url: '/sp/2/images/unsaved/summary', headers: { cookie: travelling.cookie } })
    ).json()
    expect(travelled.clock).not.toBeNull()
    expect(travelled.entity).toMatchObject({ totalCount: 2, soonestExpiryDays: 3, saveByDate: '11-26' })
  })

  it('is empty (not an error) for premium; 401 for guests', async () => {
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    const summary = await ctx().app.inject({
      url: '/sp/2/images/unsaved/summary',
      headers: { cookie: premium.cookie },
    })
    expect(summary.json().entity).toEqual({
      hasUnsavedPuri: false,
      totalCount: 0,
      items: [],
      soonestExpiryDays: null,
      saveByDate: null,
    })
    const list = await ctx().app.inject({
      url: '/sp/2/images/unsaved_only/list.json',
      headers: { cookie: premium.cookie },
    })
    expect(list.json().entity).toEqual({ totalCount: 0, currentPage: 1, totalPage: 0, items: [] })
    expect((await ctx().app.inject({ url: '/sp/2/images/unsaved/summary' })).statusCode).toBe(401)
    expect((await ctx().app.inject({ url: '/sp/2/images/unsaved_only/list.json' })).statusCode).toBe(401)
  })

  it('refuses bad list input', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    for (const query of ['count=0', 'count=51', 'page=0', 'count=abc', 'raw=maybe']) {
      const response = await ctx().app.inject({
        url: `/sp/2/images/unsaved_only/list.json?${query}`,
        headers: { cookie },
      })
      expect(response.statusCode, query).toBe(400)
      expect(response.json().error.code, query).toBe('VALIDATION_FAILED')
    }
  })

  it('serves an unsaved puri’s preview to its mini owner only', async () => {
    const { later, member } = await miniWithTwoSeals()
    const url = `/sp/2/images/unsaved/${later.sealId}-2?puri=1&raw=0`
    const mine = await ctx().app.inject({ url, headers: { cookie: member.cookie } })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toBe('image/jpeg')
    expect((await sharp(mine.rawPayload).metadata()).format).toBe('jpeg')
    expect(mine.headers['cache-control']).toContain('private')

    const other = await createMember(ctx().db, ctx().clock)
    const theirs = await ctx().app.inject({ url, headers: { cookie: other.cookie } })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().error.code).toBe('NOT_FOUND')
    // The saved (free) one is not unsaved; nor are unknown or malformed ids.
    for (const id of [
      `${later.sealId}-1`,
      `${later.sealId}-9`,
      'ABCDE12345-2',
      'nonsense',
      `${later.sealId}`,
    ]) {
      const response = await ctx().app.inject({
        url: `/sp/2/images/unsaved/${id}`,
        headers: { cookie: member.cookie },
      })
      expect(response.statusCode, id).toBe(404)
    }
    // After expiry it is gone.
    ctx().clock.set(new Date('2026-11-28T00:00:00Z'))
    expect((await ctx().app.inject({ url, headers: { cookie: member.cookie } })).statusCode).toBe(404)
  })
})
