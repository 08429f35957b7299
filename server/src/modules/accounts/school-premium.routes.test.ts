import { api } from '@puribox/contract/routes'
import { describe, expect, it } from 'vitest'
import { injectOptions } from '../../test/contract-requests'
import { createMember, createSession } from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { subscribe } from '../../test/payments'
import { createSeal } from '../../test/seals'
import { systemActor } from '../actor'
import { grantSchoolPremium, schoolPremiumEnd } from './school-premium'

/** Who grants in these tests: the approval of an application, as a job would. */
const GRANTER = systemActor('junior-high approval (test)')

const DAY_MS = 24 * 60 * 60 * 1000

async function call(ctx: TestContext, name: keyof typeof api, cookie: string, input = {}, headers = {}) {
  return ctx.app.inject(injectOptions(api[name], input, { cookie, ...headers }))
}

/** A member granted the junior-high free premium as an approval grants it (a third-year pupil). */
async function jhsMember(ctx: TestContext) {
  const member = await createMember(ctx.db, ctx.clock)
  const until = schoolPremiumEnd(3, TEST_NOW) // 2027-04-01 00:00 JST
  await ctx.db.transaction((tx) =>
    grantSchoolPremium(tx, ctx.events, {
      accountId: member.account.id,
      until,
      now: TEST_NOW,
      actor: GRANTER,
    }),
  )
  return { ...member, until }
}

describe('the junior-high free premium (JHS_PREMIUM, decision 0047)', () => {
  const ctx = useTestApp({ timeTravel: true })

  it('the account status says JHS_PREMIUM and until when; it lapses by itself (time travel moves it)', async () => {
    const { account, cookie } = await jhsMember(ctx())
    expect((await call(ctx(), 'accountSelf', cookie)).json().entity).toMatchObject({
      membershipStatus: 'JHS_PREMIUM',
      schoolPremiumUntil: '2027-03-31T23:59:59',
    })
    // 31 March 23:59 JST still; 1 April 00:00 JST a free member again.
    const at = async (timeTravelTo: Date) => {
      const travelling = await createSession(ctx().db, ctx().clock, { accountId: account.id, timeTravelTo })
      return (await call(ctx(), 'accountSelf', travelling.cookie)).json().entity
    }
    expect((await at(new Date('2027-03-31T14:59:00Z'))).membershipStatus).toBe('JHS_PREMIUM')
    expect(await at(new Date('2027-03-31T15:00:00Z'))).toMatchObject({
      membershipStatus: 'MINI',
      schoolPremiumUntil: null,
    })
  })

  it('over a paid premium it wins; once it ends, the paid period left makes a premium member', async () => {
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    await subscribe(ctx(), cookie)
    const until = new Date(TEST_NOW.getTime() + 10 * DAY_MS)
    await grantSchoolPremium(ctx().db, ctx().events, {
      accountId: account.id,
      until,
      now: TEST_NOW,
      actor: GRANTER,
    })
    expect((await call(ctx(), 'accountSelf', cookie)).json().entity.membershipStatus).toBe('JHS_PREMIUM')
    const travelling = await createSession(ctx().db, ctx().clock, {
      accountId: account.id,
      timeTravelTo: new Date(until.getTime() + DAY_MS),
    })
    expect((await call(ctx(), 'accountSelf', travelling.cookie)).json().entity.membershipStatus).toBe(
      'PREMIUM',
    )
  })

  it('saves every puri of a seal, raw ones included, and has no unsaved puris', async () => {
    const { cookie } = await jhsMember(ctx())
    const { sealId } = await createSeal(ctx())
    const view = (await call(ctx(), 'seal', cookie, { params: { id: sealId } })).json().entity
    expect(view.puris.map((puri: { available: string[] }) => puri.available)).toEqual([
      ['SAVE'],
      ['SAVE'],
      ['SAVE'],
    ])
    const saved = await call(ctx(), 'sealRegistration', cookie, { params: { id: sealId } })
    expect(saved.json().entity).toMatchObject({ savedCount: 3, unsavedCount: 0 })
    expect((await call(ctx(), 'unsavedSummary', cookie)).json().entity.totalCount).toBe(0)
  })

  it('has nothing to buy: starting premium is refused with JHS_PREMIUM_ACTIVE, the au trial is not offered', async () => {
    const { cookie } = await jhsMember(ctx())
    const started = await call(ctx(), 'startSubscription', cookie, { body: { kind: 'CREDIT' } })
    expect(started.statusCode).toBe(409)
    expect(started.json().error.code).toBe('JHS_PREMIUM_ACTIVE')
    const trial = await call(ctx(), 'paymentTrial', cookie, {}, { 'x-puribox-carrier': 'ezweb' })
    expect(trial.json().entity).toMatchObject({ canAdmit: false, canTrial: false, reason: 'ALREADY_PREMIUM' })
    expect((await call(ctx(), 'paymentUnsubscribable', cookie)).json().entity.items).toEqual([])
  })

  it('cannot resume a cancelled card payment: that would only take money again', async () => {
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    const { subscriptionId } = await subscribe(ctx(), cookie)
    await grantSchoolPremium(ctx().db, ctx().events, {
      accountId: account.id,
      until: new Date(TEST_NOW.getTime() + 400 * DAY_MS),
      now: TEST_NOW,
      actor: GRANTER,
    })
    const job = ctx().app.housekeeping.find((each) => each.name === 'renewals under school premium')!
    await job.run()
    const resumed = await call(ctx(), 'resumeSubscription', cookie, { params: { id: subscriptionId } })
    expect(resumed.statusCode).toBe(409)
    expect(resumed.json().error.code).toBe('JHS_PREMIUM_ACTIVE')
  })

  it('leaves like a free member: nothing to cancel first', async () => {
    const { cookie } = await jhsMember(ctx())
    const check = await call(ctx(), 'accountDeletionCheck', cookie)
    expect(check.json().entity).toMatchObject({ status: 'ALLOWED' })
  })
})
