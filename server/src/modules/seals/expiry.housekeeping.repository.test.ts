import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createMember } from '../../test/factories'
import { type TestContext, useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'
import { createFileDeletions } from '../files/file-deletions'
import { createFilesRepository } from '../files/files.repository'
import { storageDeletions, storedFiles } from '../files/files.schema'
import { savedImages, sealRegistrations } from '../saving/saving.schema'
import { puris, seals } from '../seals/seals.schema'
import { createExpiryJob, EXPIRY_JOB } from './expiry.housekeeping'
import { createExpiryRepository } from './expiry.repository'
import { createSealsRepository } from './seals.repository'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }

// createSeal shoots an hour before TEST_NOW (2026-11-20T03:00Z): the seal expires 2026-11-27T02:00Z.
const EXPIRY = new Date('2026-11-27T02:00:00Z')
const SWEEPABLE = new Date(EXPIRY.getTime() + EXPIRY_JOB.graceMs)

async function save(ctx: TestContext, sealId: string, cookie: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/sp/2/seals/${sealId}/registrations`,
    headers: { ...XHR, cookie },
  })
  expect(response.statusCode).toBe(200)
}

/** My page as a phone asks it: each saved picture at medium size, as WebP. */
async function webpCopies(ctx: TestContext, cookie: string) {
  const headers = { cookie, accept: 'image/webp,image/*' }
  const plays = (await ctx.app.inject({ url: '/sp/2/mypage/plays', headers })).json().entity
  for (const image of plays.items[0].images as { imageId: string }[]) {
    const response = await ctx.app.inject({ url: `/sp/2/mypage/image/${image.imageId}_medium.jpg`, headers })
    expect(response.headers['content-type']).toBe('image/webp')
  }
}

/** The member leaves through the one deletion path, every module's part included. */
async function leave(ctx: TestContext, cookie: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sp/2/account/leave',
    headers: { ...XHR, cookie },
    payload: { confirmed: true, password: null },
  })
  expect(response.statusCode).toBe(200)
}

/** The expiry repository on the app's bus: saving drops the owners that kept nothing, as in the app. */
function expiryRepository(ctx: TestContext) {
  return createExpiryRepository(ctx.db, { files: createFilesRepository(ctx.db), events: ctx.events })
}

function job(ctx: TestContext, options: Parameters<typeof createExpiryJob>[0]['options'] = {}) {
  return createExpiryJob({
    repo: expiryRepository(ctx),
    clock: ctx.clock,
    fileDeletions: createFileDeletions({ db: ctx.db, storage: ctx.storage }),
    options,
  })
}

async function puriNumbers(ctx: TestContext, sealId: string) {
  const rows = await ctx.db
    .select({ n: puris.number })
    .from(puris)
    .where(eq(puris.sealId, sealId))
    .orderBy(puris.number)
  return rows.map((row) => row.n)
}

async function fileKeys(ctx: TestContext) {
  return (await ctx.db.select({ key: storedFiles.storageKey }).from(storedFiles)).map((row) => row.key).sort()
}

/** A seal (puris 1, 2 regular, 3 raw) with a mini member who saved puri 1, and a seal nobody saved. */
async function twoSeals(ctx: TestContext) {
  const saved = await createSeal(ctx)
  const unregistered = await createSeal(ctx)
  const mini = await createMember(ctx.db, ctx.clock)
  await save(ctx, saved.sealId, mini.cookie)
  return { saved: saved.sealId, unregistered: unregistered.sealId, mini }
}

describe('expiry job', () => {
  const ctx = useTestApp()

  it('before expiry (and within the grace hour after it) nothing goes', async () => {
    const { saved, unregistered } = await twoSeals(ctx())
    const keys = ctx().storage.keys().sort()
    for (const at of [EXPIRY, new Date(SWEEPABLE.getTime() - 1)]) {
      ctx().clock.set(at)
      expect((await job(ctx()).sweep()).seals).toBe(0)
    }
    expect(await puriNumbers(ctx(), saved)).toEqual([1, 2, 3])
    expect(await puriNumbers(ctx(), unregistered)).toEqual([1, 2, 3])
    expect(ctx().storage.keys().sort()).toEqual(keys)
    expect(await fileKeys(ctx())).toEqual(keys)
  })

  it('after expiry: unsaved puris and their files go, the saved puri stays and still serves, an unowned seal goes', async () => {
    const { saved, unregistered, mini } = await twoSeals(ctx())
    expect(ctx().storage.keys()).toHaveLength(30)
    ctx().clock.set(SWEEPABLE)

    const result = await job(ctx()).sweep()

    expect(result).toEqual({ seals: 2, purisRemoved: 5, sealsDeleted: 1, files: { deleted: 50, failed: 0 } })
    // 25 files, each listed with the WebP copy it may have (decision 0013).
    expect(await puriNumbers(ctx(), saved)).toEqual([1])
    expect(await ctx().db.select({ id: seals.id }).from(seals)).toEqual([{ id: saved }])
    expect(await puriNumbers(ctx(), unregistered)).toEqual([])
    // The saved puri keeps all five files (preview included), in the table and in storage.
    const kept = await fileKeys(ctx())
    expect(kept).toHaveLength(5)
    expect(ctx().storage.keys().sort()).toEqual(kept)
    expect(await ctx().db.select().from(storageDeletions)).toEqual([])
    const repo = createSealsRepository(ctx().db, createFilesRepository(ctx().db))
    for (const kind of ['original', 'thumbnail', 'qvga', 'medium'] as const) {
      const file = await repo.findPuriFile(saved, 1, kind)
      expect(await ctx().storage.get(file!.storageKey)).not.toBeNull()
    }
    const [image] = await ctx()
      .db.select()
      .from(savedImages)
      .where(eq(savedImages.accountId, mini.account.id))
    expect(image).toMatchObject({ sealId: saved, puriNumber: 1 })

    // Idempotent: the next run finds nothing.
    expect(await job(ctx()).sweep()).toEqual({
      seals: 0,
      purisRemoved: 0,
      sealsDeleted: 0,
      files: { deleted: 0, failed: 0 },
    })
  })

  it('a registration that kept nothing (a mini member, a seal of proof samples) goes with its seal', async () => {
    const proof = { number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: true }
    const { sealId } = await createSeal(ctx(), { meta: { puris: [proof, { ...proof, number: 2 }] } })
    const mini = await createMember(ctx().db, ctx().clock)
    await save(ctx(), sealId, mini.cookie)
    expect(await ctx().db.select().from(sealRegistrations)).toHaveLength(1)
    ctx().clock.set(SWEEPABLE)

    expect(await job(ctx()).sweep()).toMatchObject({ seals: 1, purisRemoved: 2, sealsDeleted: 1 })
    expect(await ctx().db.select().from(sealRegistrations)).toEqual([])
    expect(await ctx().db.select().from(seals)).toEqual([])
    const plays = await ctx().app.inject({ url: '/sp/2/mypage/plays', headers: { cookie: mini.cookie } })
    expect(plays.json().entity).toMatchObject({ totalCount: 0 })
  })

  it('two sweeps at once delete each thing once and neither fails', async () => {
    const sealIds: string[] = []
    for (let i = 0; i < 4; i++) sealIds.push((await createSeal(ctx())).sealId)
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    await save(ctx(), sealIds[0]!, premium.cookie)
    ctx().clock.set(SWEEPABLE)

    const results = await Promise.all([
      job(ctx(), { batchSeals: 1 }).sweep(),
      job(ctx(), { batchSeals: 1 }).sweep(),
    ])

    const sum = (pick: (r: (typeof results)[number]) => number) => results.reduce((n, r) => n + pick(r), 0)
    expect(sum((r) => r.seals)).toBe(4)
    expect(sum((r) => r.purisRemoved)).toBe(9)
    expect(sum((r) => r.sealsDeleted)).toBe(3)
    expect(sum((r) => r.files.deleted)).toBe(90) // 45 files, each with its possible WebP copy
    expect(await puriNumbers(ctx(), sealIds[0]!)).toEqual([1, 2, 3])
    expect(ctx().storage.keys()).toHaveLength(15)
  })

  it('a crash between the row deletion and the file deletion leaves the files listed; the file sweep deletes them', async () => {
    const { saved } = await twoSeals(ctx())
    ctx().clock.set(SWEEPABLE)
    const crashing = createExpiryJob({
      repo: expiryRepository(ctx()),
      clock: ctx().clock,
      fileDeletions: {
        deleteFiles: () => {
          throw new Error('process died')
        },
      },
    })

    await expect(crashing.sweep()).rejects.toThrow('process died')

    const listed = (await ctx().db.select().from(storageDeletions)).map((row) => row.storageKey).sort()
    expect(listed).toHaveLength(50) // 25 files and their possible WebP copies
    // The files are still there (no WebP copy was ever made in this test).
    for (const key of listed.filter((k) => !k.endsWith('.webp'))) {
      expect(await ctx().storage.get(key)).not.toBeNull()
    }
    expect(await fileKeys(ctx())).toHaveLength(5)

    expect(await createFileDeletions({ db: ctx().db, storage: ctx().storage }).sweep()).toEqual({
      deleted: 50,
      failed: 0,
    })
    expect(await ctx().db.select().from(storageDeletions)).toEqual([])
    expect(ctx().storage.keys()).toHaveLength(5)
    expect((await job(ctx()).sweep()).seals).toBe(0)
    expect(await puriNumbers(ctx(), saved)).toEqual([1])
  })

  it('when an owner leaves, the puris only they saved go at the next sweep; another owner keeps theirs', async () => {
    const { sealId } = await createSeal(ctx())
    const mini = await createMember(ctx().db, ctx().clock)
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    await save(ctx(), sealId, mini.cookie)
    await save(ctx(), sealId, premium.cookie)
    // My page made and kept a WebP copy of each of the member's pictures (decision 0013).
    for (const cookie of [mini.cookie, premium.cookie]) await webpCopies(ctx(), cookie)
    expect(
      ctx()
        .storage.keys()
        .filter((key) => key.endsWith('.webp')).length,
    ).toBeGreaterThan(0)
    ctx().clock.set(SWEEPABLE)
    expect((await job(ctx()).sweep()).purisRemoved).toBe(0)

    await leave(ctx(), premium.cookie)
    expect((await job(ctx()).sweep()).purisRemoved).toBe(2)
    expect(await puriNumbers(ctx(), sealId)).toEqual([1])

    await leave(ctx(), mini.cookie)
    expect(await job(ctx()).sweep()).toMatchObject({ purisRemoved: 1, sealsDeleted: 1 })
    // Every file is gone, the copies my page made included.
    expect(ctx().storage.keys()).toEqual([])
    expect(await ctx().db.select().from(storedFiles)).toEqual([])
  })
})

describe('expiry job and time travel', () => {
  const ctx = useTestApp({ timeTravel: true })

  it('a session travelling past the expiry sees the seal expired, but the job (real time) removes nothing', async () => {
    const { sealId } = await createSeal(ctx())
    const traveller = await createMember(ctx().db, ctx().clock)
    const travel = await ctx().app.inject({
      method: 'PUT',
      url: '/sp/2/debug/time_travel',
      headers: { ...XHR, cookie: traveller.cookie },
      payload: { date: '2026-12-05T12:00:00' },
    })
    expect(travel.statusCode).toBe(200)
    const seen = await ctx().app.inject({
      method: 'GET',
      url: `/sp/2/seals/${sealId}`,
      headers: { cookie: traveller.cookie },
    })
    expect(seen.json().error.code).toBe('SEAL_EXPIRED')

    expect((await job(ctx()).sweep()).seals).toBe(0)
    expect(await puriNumbers(ctx(), sealId)).toEqual([1, 2, 3])
  })
})
