import { describe, expect, it } from 'vitest'
import { publishPolicies, publishPolicy } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { DEMO_MACHINE_ID } from '../booth/booth.demo'
import { machines } from '../booth/booth.schema'
import { subscriptions } from '../payments/payments.schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.demo'

describe("demo data (each module's, by app.seedDemo)", () => {
  const ctx = useTestApp()

  function signIn(mailAddress: string) {
    return ctx().app.inject({
      method: 'POST',
      url: '/sp//ajax/login/',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { mailAddress, password: DEMO_PASSWORD },
    })
  }

  it('creates the demo accounts once; each signs in with the demo password; the premium one pays by card', async () => {
    await ctx().app.seedDemo()
    // The next start: nothing more is made, and the premium account, already premium, buys nothing.
    await ctx().app.seedDemo()
    expect(await ctx().db.select().from(accounts)).toHaveLength(DEMO_ACCOUNTS.length)
    // One demo booth (a milky-girl), beside the demo shops' machines (booth.demo, decision 0042).
    const machineRows = await ctx().db.select().from(machines)
    expect(machineRows.filter((machine) => !machine.id.startsWith('demo-shop-'))).toEqual([
      expect.objectContaining({ id: DEMO_MACHINE_ID, modelId: 'milky-girl' }),
    ])
    const paid = await ctx().db.select().from(subscriptions)
    expect(paid).toEqual([expect.objectContaining({ kind: 'CREDIT', status: 'ACTIVE', lastSequence: 1 })])

    // The junior-high one until 1 April after a second-year pupil's third school year.
    const jhs = (await ctx().db.select().from(accounts)).find(
      (row) => row.mailAddress === 'jhs@demo.puribox.jp',
    )
    expect(jhs?.schoolPremiumUntil).toEqual(new Date('2028-03-31T15:00:00Z'))

    for (const demo of DEMO_ACCOUNTS) {
      const response = await signIn(demo.mailAddress)
      expect(response.statusCode, demo.mailAddress).toBe(200)
      expect(response.json().entity).toMatchObject({
        membershipStatus: demo.membershipStatus,
        account: { mailAddress: demo.mailAddress, official: demo.official },
      })
    }
  })

  it('the demo accounts have agreed to the policies in force; a later version asks them again', async () => {
    await publishPolicies(ctx().db, '2026-04-01')
    await ctx().app.seedDemo()

    const cookies: string[] = []
    for (const demo of DEMO_ACCOUNTS) {
      const cookie = (await signIn(demo.mailAddress)).cookies.find((c) => c.name === 'pbx_session')!
      cookies.push(`pbx_session=${cookie.value}`)
    }
    const agreed = async (cookie: string) => {
      const response = await ctx().app.inject({
        url: '/sp/2/users/self/privacy_policy_statuses/latest',
        headers: { cookie },
      })
      return response.json().entity.policies.map((p: { kind: string; agreed: boolean }) => p.agreed)
    }
    for (const cookie of cookies) expect(await agreed(cookie)).toEqual([true, true])
    expect(cookies).toHaveLength(4)

    await publishPolicy(ctx().db, 'furyu', '2026-12-01', TEST_NOW)
    await ctx().app.seedDemo()
    for (const cookie of cookies) expect(await agreed(cookie)).toEqual([false, true])
  })
})
