import { describe, expect, it } from 'vitest'
import { createSession } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { sweepExternalAuthFlows } from './external-auth.housekeeping'
import { externalAuthFlows } from './external-auth.schema'

const HOUR_MS = 60 * 60 * 1000
const at = (hoursFromNow: number) => new Date(TEST_NOW.getTime() + hoursFromNow * HOUR_MS)

describe('sweepExternalAuthFlows', () => {
  const ctx = useTestApp()

  it('removes flows a day past their end, nothing newer', async () => {
    const { db, clock } = ctx()
    const { session } = await createSession(db, clock)
    const flow = (stateHash: string, expiresAt: Date) => ({
      stateHash,
      sessionHash: session.idHash,
      purpose: 'LOGIN' as const,
      provider: 'line' as const,
      codeVerifier: 'v',
      nonce: 'n',
      onSuccess: '/sp/top/menu',
      onFailure: '/web/login/fail',
      expiresAt,
    })
    await db
      .insert(externalAuthFlows)
      .values([flow('old', at(-25)), flow('recent', at(-23)), flow('open', at(1))])

    await sweepExternalAuthFlows(db, TEST_NOW)

    const left = await db.select().from(externalAuthFlows)
    expect(left.map((row) => row.stateHash).sort()).toEqual(['open', 'recent'])
  })
})
