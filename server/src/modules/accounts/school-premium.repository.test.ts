import { api } from '@puribox/contract/routes'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { injectOptions } from '../../test/contract-requests'
import { createAccount, createMember } from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { subscribe } from '../../test/payments'
import { createSeal } from '../../test/seals'
import { systemActor } from '../actor'
import { subscriptions } from '../payments/payments.schema'
import { accounts } from './accounts.schema'
import { grantSchoolPremium, schoolPremiumEnd } from './school-premium'

/** Who grants in these tests: the approval of an application, as a job would. */
const GRANTER = systemActor('junior-high approval (test)')

const DAY_MS = 24 * 60 * 60 * 1000
const later = (days: number) => new Date(TEST_NOW.getTime() + days * DAY_MS)

async function call(ctx: TestContext, name: keyof typeof api, cookie: string, input = {}) {
  return ctx.app.inject(injectOptions(api[name], input, { cookie }))
}

const accountOf = async (ctx: TestContext, id: string) =>
  (await ctx.db.select().from(accounts).where(eq(accounts.id, id)))[0]!

/** Runs the payments module's job that stops renewals under school premium. */
async function runRenewalStops(ctx: TestContext) {
  const job = ctx.app.housekeeping.find((each) => each.name === 'renewals under school premium')
  if (!job) throw new Error('no renewals job')
  return job.run()
}

describe('grantSchoolPremium', () => {
  const ctx = useTestApp()

  it('writes the end in the caller’s transaction; a rolled-back approval grants nothing', async () => {
    const account = await createAccount(ctx().db)
    const until = schoolPremiumEnd(2, TEST_NOW)
    await ctx().db.transaction((tx) =>
      grantSchoolPremium(tx, ctx().events, { accountId: account.id, until, now: TEST_NOW, actor: GRANTER }),
    )
    expect((await accountOf(ctx(), account.id)).schoolPremiumUntil).toEqual(until)

    const other = await createAccount(ctx().db)
    await expect(
      ctx().db.transaction(async (tx) => {
        await grantSchoolPremium(tx, ctx().events, {
          accountId: other.id,
          until,
          now: TEST_NOW,
          actor: GRANTER,
        })
        throw new Error('the approval failed after the grant')
      }),
    ).rejects.toThrow('the approval failed')
    expect((await accountOf(ctx(), other.id)).schoolPremiumUntil).toBeNull()
    // The paid premium end is not touched.
    expect((await accountOf(ctx(), account.id)).premiumUntil).toBeNull()
  })

  it('refuses an account that does not exist', async () => {
    await expect(
      grantSchoolPremium(ctx().db, ctx().events, {
        accountId: '00000000-0000-4000-8000-000000000000',
        until: later(30),
        now: TEST_NOW,
        actor: GRANTER,
      }),
    ).rejects.toThrow('no account')
  })

  it('saves the unsaved puris of a mini member’s live seals, as becoming premium does', async () => {
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    const { sealId } = await createSeal(ctx())
    expect((await call(ctx(), 'sealRegistration', cookie, { params: { id: sealId } })).statusCode).toBe(200)
    const unsaved = async () => (await call(ctx(), 'unsavedSummary', cookie)).json().entity.totalCount
    expect(await unsaved()).toBe(2)
    await grantSchoolPremium(ctx().db, ctx().events, {
      accountId: account.id,
      until: later(400),
      now: TEST_NOW,
      actor: GRANTER,
    })
    expect(await unsaved()).toBe(0)
  })

  it('stops a paying member’s card renewal as cancelling does: the paid period stays, nothing renews', async () => {
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    const { subscriptionId } = await subscribe(ctx(), cookie)
    const row = async () =>
      (await ctx().db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]!
    expect((await row()).status).toBe('ACTIVE')
    const paidUntil = (await row()).paidUntil

    // Nothing to stop before the grant.
    expect(await runRenewalStops(ctx())).toEqual({ stopped: 0, atCarrier: 0, failed: 0 })
    await grantSchoolPremium(ctx().db, ctx().events, {
      accountId: account.id,
      until: later(400),
      now: TEST_NOW,
      actor: GRANTER,
    })
    expect(await runRenewalStops(ctx())).toEqual({ stopped: 1, atCarrier: 0, failed: 0 })
    expect(await row()).toMatchObject({ status: 'CANCELLED', paidUntil })
    expect((await accountOf(ctx(), account.id)).premiumUntil).toEqual(paidUntil)
    // The member's own payment page says so, as after their own cancel.
    const self = (await call(ctx(), 'paymentSelf', cookie)).json().entity
    expect(self).toMatchObject({ status: 'CANCELLED', nextPaymentAt: null })
    // Once stopped, the job finds nothing more.
    expect(await runRenewalStops(ctx())).toEqual({ stopped: 0, atCarrier: 0, failed: 0 })
  })

  it('a carrier’s plan cannot be ended by PuriBox: counted, left to the member at the carrier', async () => {
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    await subscribe(ctx(), cookie, { kind: 'DOCOMO', carrier: 'docomo' })
    await grantSchoolPremium(ctx().db, ctx().events, {
      accountId: account.id,
      until: later(400),
      now: TEST_NOW,
      actor: GRANTER,
    })
    expect(await runRenewalStops(ctx())).toEqual({ stopped: 0, atCarrier: 1, failed: 0 })
  })

  it('an ended school premium stops nothing', async () => {
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    await subscribe(ctx(), cookie)
    await grantSchoolPremium(ctx().db, ctx().events, {
      accountId: account.id,
      until: new Date(TEST_NOW.getTime() - 1000),
      now: TEST_NOW,
      actor: GRANTER,
    })
    expect(await runRenewalStops(ctx())).toEqual({ stopped: 0, atCarrier: 0, failed: 0 })
  })
})
