import { describe, expect, it } from 'vitest'
import { createAccount } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { createThrottle } from '../throttle/throttle'
import { throttleBuckets } from '../throttle/throttle.schema'
import { sweepAuthLeftovers } from './auth.housekeeping'
import { mailVerifications, passwordResets, signInDevices } from './auth.schema'

const HOUR_MS = 60 * 60 * 1000
const at = (hoursFromNow: number) => new Date(TEST_NOW.getTime() + hoursFromNow * HOUR_MS)

describe('sweepAuthLeftovers', () => {
  const ctx = useTestApp()

  it('removes verifications and password resets a day past their end and day-old rate-limit windows, nothing newer', async () => {
    const { db } = ctx()
    const verification = (mailAddress: string, expiresAt: Date) => ({
      mailAddress,
      codeHash: 'c',
      linkTokenHash: 't',
      expiresAt,
    })
    await db
      .insert(mailVerifications)
      .values([
        verification('old@example.jp', at(-25)),
        verification('recent@example.jp', at(-23)),
        verification('open@example.jp', at(1)),
      ])
    await db
      .insert(passwordResets)
      .values([
        verification('old@example.jp', at(-25)),
        verification('recent@example.jp', at(-23)),
        verification('open@example.jp', at(1)),
      ])
    await db.insert(throttleBuckets).values([
      { key: 'old', windowStart: at(-25), hits: 3 },
      { key: 'recent', windowStart: at(-1), hits: 3 },
    ])

    await sweepAuthLeftovers(db, createThrottle(db), TEST_NOW)

    const left = await db.select().from(mailVerifications)
    expect(left.map((row) => row.mailAddress).sort()).toEqual(['open@example.jp', 'recent@example.jp'])
    const resetsLeft = await db.select().from(passwordResets)
    expect(resetsLeft.map((row) => row.mailAddress).sort()).toEqual(['open@example.jp', 'recent@example.jp'])
    expect((await db.select().from(throttleBuckets)).map((row) => row.key)).toEqual(['recent'])
  })
  it('forgets a browser that has not signed in to an account for a year, keeps one that has', async () => {
    const { db } = ctx()
    const account = await createAccount(db)
    const DAY = 24
    await db.insert(signInDevices).values([
      { tokenHash: 'stale', accountId: account.id, lastUsedAt: at(-366 * DAY) },
      { tokenHash: 'recent', accountId: account.id, lastUsedAt: at(-364 * DAY) },
    ])
    await sweepAuthLeftovers(db, createThrottle(db), TEST_NOW)
    expect((await db.select().from(signInDevices)).map((row) => row.tokenHash)).toEqual(['recent'])
  })
})
