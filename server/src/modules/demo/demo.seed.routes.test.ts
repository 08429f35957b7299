import { describe, expect, it } from 'vitest'
import { accounts } from '../../db/schema'
import { useTestApp } from '../../test/harness'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.seed'

describe('demo seed', () => {
  const ctx = useTestApp()

  it('creates the demo accounts once; each signs in with the demo password', async () => {
    await seedDemo(ctx().db)
    await seedDemo(ctx().db)
    expect(await ctx().db.select().from(accounts)).toHaveLength(DEMO_ACCOUNTS.length)

    for (const demo of DEMO_ACCOUNTS) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/sp//ajax/login/',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: { mailAddress: demo.mailAddress, password: DEMO_PASSWORD },
      })
      expect(response.statusCode, demo.mailAddress).toBe(200)
      expect(response.json().entity).toMatchObject({
        membershipStatus: demo.membershipStatus,
        account: { mailAddress: demo.mailAddress, official: demo.official },
      })
    }
  })
})
