import { describe, expect, it, vi } from 'vitest'
import { createMember } from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'
import { createFilesRepository } from '../files/files.repository'
import { createSealsRepository } from './seals.repository'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const DAY = 24 * 60 * 60 * 1000
// TEST_NOW is 2026-11-20T03:00Z: noon in Japan, the same day.
const TODAY = '2026-11-20'

function lookUp(ctx: TestContext, sealId: string, query: string, cookie?: string) {
  return ctx.app.inject({
    url: `/sp/2/seals/${encodeURIComponent(sealId)}${query}`,
    headers: cookie ? { cookie } : {},
  })
}

function save(ctx: TestContext, sealId: string, query: string, cookie: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/sp/2/seals/${encodeURIComponent(sealId)}/registrations${query}`,
    headers: { ...XHR, cookie },
  })
}

function sealsRepository(ctx: TestContext) {
  return createSealsRepository(ctx.db, createFilesRepository(ctx.db))
}

/** The counts as written: the server writes them at the latest when it closes. */
async function countsAfterClose(ctx: TestContext) {
  await ctx.app.close()
  return sealsRepository(ctx).lookupCounts()
}

describe('seal lookups counted by where they came from (from=)', () => {
  const ctx = useTestApp()

  it('counts a guest’s found lookups per day and source, a QR code’s as qr', async () => {
    const { sealId } = await createSeal(ctx())
    for (const query of ['?from=qr', '?from=qr', '?from=inputSealId']) {
      expect((await lookUp(ctx(), sealId, query)).statusCode).toBe(200)
    }
    expect(await countsAfterClose(ctx())).toEqual([
      { day: TODAY, source: 'inputSealId', lookups: 1 },
      { day: TODAY, source: 'qr', lookups: 2 },
    ])
  })

  it('counts a member’s lookup and a save that say where they came from', async () => {
    const { sealId } = await createSeal(ctx())
    const { cookie } = await createMember(ctx().db, ctx().clock)
    expect((await lookUp(ctx(), sealId, '?from=qr', cookie)).statusCode).toBe(200)
    expect((await save(ctx(), sealId, '?from=qr', cookie)).statusCode).toBe(200)
    // Saving again (already saved) is still a lookup that found the seal.
    expect((await save(ctx(), sealId, '?from=inputSealId', cookie)).statusCode).toBe(200)
    expect(await countsAfterClose(ctx())).toEqual([
      { day: TODAY, source: 'inputSealId', lookups: 1 },
      { day: TODAY, source: 'qr', lookups: 2 },
    ])
  })

  it('never fails on an odd from: unknown, empty, huge, given twice or not text all count as other', async () => {
    const { sealId } = await createSeal(ctx())
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const odd = [
      '?from=twitter',
      '?from=',
      `?from=${'x'.repeat(4000)}`,
      '?from=qr&from=qr',
      '?from=1',
      `?from=${encodeURIComponent('ＱＲ<script>')}`,
      '?from=%00',
    ]
    for (const query of odd) {
      const response = await lookUp(ctx(), sealId, query)
      expect(response.statusCode, query).toBe(200)
    }
    expect((await save(ctx(), sealId, '?from=QR', cookie)).statusCode).toBe(200)
    expect(await countsAfterClose(ctx())).toEqual([{ day: TODAY, source: 'other', lookups: odd.length + 1 }])
  })

  it('counts only lookups that found a live seal and said where they came from', async () => {
    const { sealId } = await createSeal(ctx())
    // No from: the preview page reading the seal again, an app: not a person arriving.
    expect((await lookUp(ctx(), sealId, '')).statusCode).toBe(200)
    expect((await lookUp(ctx(), 'ZZZZZ99999', '?from=qr')).json().error.code).toBe('SEAL_NOT_FOUND')
    expect((await lookUp(ctx(), 'abc', '?from=qr')).json().error.code).toBe('SEAL_ID_MALFORMED')
    // The preview image goes through the same lookup, but is not a person arriving.
    const image = await ctx().app.inject({ url: `/sp/puri/thum.jpg?sealId=${sealId}&number=1&from=qr` })
    expect(image.statusCode).toBe(200)
    // A seal found but expired: the ID was right, nothing was shown.
    ctx().clock.advance(8 * DAY)
    expect((await lookUp(ctx(), sealId, '?from=qr')).json().error.code).toBe('SEAL_EXPIRED')
    expect(await countsAfterClose(ctx())).toEqual([])
  })

  it('writes a busy minute’s lookups as a few statements, a second after the first', async () => {
    const { sealId } = await createSeal(ctx())
    const repo = sealsRepository(ctx())
    const lookups = await Promise.all(Array.from({ length: 30 }, () => lookUp(ctx(), sealId, '?from=qr')))
    expect(lookups.every((response) => response.statusCode === 200)).toBe(true)
    // Nothing yet: the lookups did not wait for a write.
    expect(await repo.lookupCounts()).toEqual([])
    await vi.waitFor(async () => expect(await repo.lookupCounts()).toHaveLength(1), {
      timeout: 5000,
      interval: 100,
    })
    expect(await repo.lookupCounts()).toEqual([{ day: TODAY, source: 'qr', lookups: 30 }])
    // The next day's lookups go on a row of their own, added to the same way.
    ctx().clock.set(new Date(TEST_NOW.getTime() + DAY))
    expect((await lookUp(ctx(), sealId, '?from=qr')).statusCode).toBe(200)
    expect(await countsAfterClose(ctx())).toEqual([
      { day: TODAY, source: 'qr', lookups: 30 },
      { day: '2026-11-21', source: 'qr', lookups: 1 },
    ])
  })
})
