import { api } from '@puribox/contract/routes'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DEV_PAYMENT } from '../../config'
import { injectOptions } from '../../test/contract-requests'
import { createMember } from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { subscribe } from '../../test/payments'
import { createSeal } from '../../test/seals'
import { paymentEvents, subscriptions } from './payments.schema'
import { signNotification } from './signature'

const DAY_MS = 24 * 60 * 60 * 1000

async function call(
  ctx: TestContext,
  name: keyof typeof api,
  cookie: string | null,
  input = {},
  headers = {},
) {
  return ctx.app.inject(injectOptions(api[name], input, { ...(cookie ? { cookie } : {}), ...headers }))
}

async function status(ctx: TestContext, cookie: string) {
  return (await call(ctx, 'accountSelf', cookie)).json().entity.membershipStatus as string
}

async function paymentSelf(ctx: TestContext, cookie: string) {
  return (await call(ctx, 'paymentSelf', cookie)).json().entity
}

/** The gateway's notification as it sends it: signed with the shared secret at the gateway's now. */
function notify(
  ctx: TestContext,
  body: string,
  signature = signNotification(DEV_PAYMENT.notificationSecret, body, ctx.clock.now()),
) {
  return ctx.app.inject({
    method: 'POST',
    url: api.paymentNotification.path,
    headers: { 'content-type': 'application/json', 'puribox-pay-signature': signature },
    payload: body,
  })
}

async function saveSeal(ctx: TestContext, cookie: string, sealId: string) {
  const response = await call(ctx, 'sealRegistration', cookie, { params: { id: sealId } })
  expect(response.statusCode).toBe(200)
}

describe('becoming premium by credit card', () => {
  const ctx = useTestApp({ timeTravel: true })

  it('mini → the gateway’s consent page → approved → premium once the notification is applied, with the unsaved puris saved', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const { sealId } = await createSeal(ctx())
    await saveSeal(ctx(), cookie, sealId)
    const unsaved = async () => (await call(ctx(), 'unsavedSummary', cookie)).json().entity.totalCount
    expect(await unsaved()).toBe(2)

    const { subscriptionId, returnedTo } = await subscribe(ctx(), cookie, { deliver: false })
    expect(returnedTo).toMatch(
      new RegExp(`/web/payment/complete\\?subscriptionId=${subscriptionId}&result=approved$`),
    )
    // Back from the gateway, before its notification: the return URL grants nothing.
    expect(await status(ctx(), cookie)).toBe('MINI')
    const pending = await call(ctx(), 'subscription', cookie, { params: { id: subscriptionId } })
    expect(pending.json().entity).toMatchObject({
      status: 'PENDING',
      kind: 'CREDIT',
      returnTo: '/sp/2/mypage/#/puri/new',
    })

    expect(await ctx().app.sandboxPay!.deliverDue()).toBe(1)
    expect(await status(ctx(), cookie)).toBe('PREMIUM')
    expect(await unsaved()).toBe(0)
    const plays = (await call(ctx(), 'savedPlays', cookie, { query: { page: 1 } })).json().entity
    expect(plays.items[0].images).toHaveLength(3)

    expect(await paymentSelf(ctx(), cookie)).toEqual({
      kindId: 'CREDIT',
      viewName: 'クレジットカード',
      paymentAt: '2026-11-20T12:00:00',
      plan: 'credit',
      status: 'ACTIVE',
      trial: false,
      premiumUntil: '2026-12-20T12:00:00',
      nextPaymentAt: '2026-12-20T12:00:00',
      priceYen: 330,
      subscriptionId,
      resumable: false,
    })
    const [event] = await ctx().db.select().from(paymentEvents)
    expect(event).toMatchObject({ type: 'PAID', amountYen: 330, outcome: 'APPLIED' })
  })

  it('declined or cancelled at the gateway: nothing bought, still mini, and the next try starts afresh', async () => {
    const { cookie, account } = await createMember(ctx().db, ctx().clock)
    for (const answer of ['decline', 'cancel']) {
      const started = await call(ctx(), 'startSubscription', cookie, { body: { kind: 'CREDIT' } })
      const consent = new URL(started.json().entity.redirectUrl)
      const back = await ctx().app.inject({
        method: 'POST',
        url: consent.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `answer=${answer}`,
      })
      expect(back.headers.location).toContain(`result=${answer === 'decline' ? 'declined' : 'cancelled'}`)
      await ctx().app.sandboxPay!.deliverDue()
      expect(await status(ctx(), cookie)).toBe('MINI')
    }
    const rows = await ctx().db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id))
    expect(rows.map((row) => row.status)).toEqual(['DECLINED', 'DECLINED'])
    expect((await paymentSelf(ctx(), cookie)).kindId).toBeNull()
  })

  it('the test card the card company refuses, and a card number that is no card number', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const started = await call(ctx(), 'startSubscription', cookie, { body: { kind: 'CREDIT' } })
    const consent = new URL(started.json().entity.redirectUrl).pathname
    const post = (card: string) =>
      ctx().app.inject({
        method: 'POST',
        url: consent,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `answer=approve&card=${card}`,
      })
    const typo = await post('4242424242424241')
    expect(typo.statusCode).toBe(400)
    expect(typo.body).toContain('カード番号が正しくありません')
    const refused = await post('4000000000000002')
    expect(refused.headers.location).toContain('result=declined')
    await ctx().app.sandboxPay!.deliverDue()
    expect(await status(ctx(), cookie)).toBe('MINI')
  })

  it('a second tap goes to the same consent page; another kind withdraws the first consent', async () => {
    const { cookie, account } = await createMember(ctx().db, ctx().clock)
    const start = (kind: string) => call(ctx(), 'startSubscription', cookie, { body: { kind } })
    const [first, second] = await Promise.all([start('CREDIT'), start('CREDIT')])
    // Both taps at once: one consent, the same page for both.
    const urls = [first, second].map((response) => response.json().entity?.redirectUrl ?? response.body)
    expect(urls[0]).toMatch(/\/_sandbox\/pay\/consent\//)
    expect(urls[1]).toBe(urls[0])
    expect((await start('CREDIT')).json().entity.redirectUrl).toBe(urls[0])

    const au = (await start('AU')).json().entity.redirectUrl as string
    expect(au).not.toBe(urls[0])
    // The card consent is withdrawn at the gateway: its page no longer takes an answer.
    const old = await ctx().app.inject({ url: new URL(urls[0]).pathname })
    expect(old.statusCode).toBe(410)
    const rows = await ctx().db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id))
    expect(rows.map((row) => `${row.kind}:${row.status}`).sort()).toEqual(['AU:PENDING', 'CREDIT:DECLINED'])
  })

  it('a consent given on an old page just before another kind was chosen wins: the member is premium', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const started = await call(ctx(), 'startSubscription', cookie, { body: { kind: 'CREDIT' } })
    const consent = new URL(started.json().entity.redirectUrl).pathname
    await ctx().app.inject({
      method: 'POST',
      url: consent,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=approve&card=4242424242424242',
    })
    // The notification has not come yet, and the member asks for au billing instead.
    const again = await call(ctx(), 'startSubscription', cookie, { body: { kind: 'AU' } })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('ALREADY_PREMIUM')
    expect(await status(ctx(), cookie)).toBe('PREMIUM')
    // The notification arriving afterwards changes nothing more.
    await ctx().app.sandboxPay!.deliverDue()
    expect((await ctx().db.select().from(paymentEvents)).map((event) => event.outcome)).toEqual(['APPLIED'])
  })

  it('refuses what cannot be bought: premium already, a trial not offered, a return page elsewhere, bad input', async () => {
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    const already = await call(ctx(), 'startSubscription', premium.cookie, { body: { kind: 'CREDIT' } })
    expect([already.statusCode, already.json().error.code]).toEqual([409, 'ALREADY_PREMIUM'])

    const { cookie } = await createMember(ctx().db, ctx().clock)
    const trialByCard = await call(ctx(), 'startSubscription', cookie, {
      body: { kind: 'CREDIT', trial: true },
    })
    expect([trialByCard.statusCode, trialByCard.json().error.code]).toEqual([403, 'TRIAL_NOT_ALLOWED'])
    const trialOnWifi = await call(ctx(), 'startSubscription', cookie, { body: { kind: 'AU', trial: true } })
    expect(trialOnWifi.json().error.code).toBe('TRIAL_NOT_ALLOWED')
    const elsewhere = await call(ctx(), 'startSubscription', cookie, {
      body: { kind: 'CREDIT', returnTo: 'https://evil.example/' },
    })
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([400, 'REDIRECT_URI_INVALID'])
    const unknownKind = await call(ctx(), 'startSubscription', cookie, { body: { kind: 'BITCOIN' } })
    expect([unknownKind.statusCode, unknownKind.json().error.code]).toEqual([400, 'VALIDATION_FAILED'])
    expect(await ctx().db.select().from(subscriptions)).toHaveLength(0)
    const guest = await call(ctx(), 'startSubscription', null, { body: { kind: 'CREDIT' } })
    expect(guest.json().error.code).toBe('UNAUTHENTICATED')
  })

  it('starts are limited per account: ten in ten minutes', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    for (let i = 0; i < 10; i++) {
      const started = await call(ctx(), 'startSubscription', cookie, {
        body: { kind: i % 2 ? 'AU' : 'CREDIT' },
      })
      expect(started.statusCode).toBe(200)
    }
    const limited = await call(ctx(), 'startSubscription', cookie, { body: { kind: 'CREDIT' } })
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'RATE_LIMITED'])
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    ctx().clock.advance(10 * 60_000)
    expect((await call(ctx(), 'startSubscription', cookie, { body: { kind: 'CREDIT' } })).statusCode).toBe(
      200,
    )
  })

  it('a member comes back to the page they started from', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const started = await call(ctx(), 'startSubscription', cookie, {
      body: { kind: 'CREDIT', returnTo: '/web/mypage?sealId=ABCDE12345' },
    })
    const { subscriptionId } = Object.fromEntries(
      new URL(
        String(
          (
            await ctx().app.inject({
              method: 'POST',
              url: new URL(started.json().entity.redirectUrl).pathname,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: 'answer=approve&card=4242424242424242',
            })
          ).headers.location,
        ),
      ).searchParams,
    )
    const read = await call(ctx(), 'subscription', cookie, { params: { id: subscriptionId } })
    expect(read.json().entity.returnTo).toBe('/web/mypage?sealId=ABCDE12345')
  })
})

describe('the gateway’s notifications', () => {
  const ctx = useTestApp()

  async function paidEvent(context: TestContext) {
    const { cookie } = await createMember(context.db, context.clock)
    await subscribe(context, cookie, { deliver: false })
    const delivery = context.app.sandboxPay!.deliveries()[0]!
    return { cookie, body: JSON.stringify(delivery.event) }
  }

  it('a forged, re-signed, stale or unsigned notification is refused and changes nothing', async () => {
    const { cookie, body } = await paidEvent(ctx())
    const forged = body.replace('"amountYen":330', '"amountYen":0')
    const refusals = [
      await notify(ctx(), forged, signNotification(DEV_PAYMENT.notificationSecret, body, ctx().clock.now())),
      await notify(
        ctx(),
        body,
        signNotification('not-the-shared-secret-0123456789abcdef', body, ctx().clock.now()),
      ),
      await notify(
        ctx(),
        body,
        signNotification(DEV_PAYMENT.notificationSecret, body, new Date(TEST_NOW.getTime() - 10 * 60_000)),
      ),
      await notify(ctx(), body, ''),
    ]
    for (const response of refusals) {
      expect([response.statusCode, response.json().error.code]).toEqual([401, 'PAYMENT_SIGNATURE_INVALID'])
    }
    expect(await status(ctx(), cookie)).toBe('MINI')
    expect(await ctx().db.select().from(paymentEvents)).toHaveLength(0)
  })

  it('a signed body that is not an event is refused with its own code', async () => {
    for (const body of ['{"eventId":', '{"eventId":"evt_1","type":"PAID"}', '[]']) {
      const response = await notify(ctx(), body)
      expect([response.statusCode, response.json().error.code], body).toEqual([
        400,
        'PAYMENT_NOTIFICATION_INVALID',
      ])
    }
  })

  it('the same notification twice, or to two server processes at once, is applied once', async () => {
    const { cookie, body } = await paidEvent(ctx())
    const second = await ctx().secondProcess()
    const answers = await Promise.all([notify(ctx(), body), notify({ ...ctx(), app: second }, body)])
    expect(answers.map((answer) => answer.json().entity.outcome).sort()).toEqual(['APPLIED', 'DUPLICATE'])
    expect((await notify(ctx(), body)).json().entity.outcome).toBe('DUPLICATE')
    expect(await status(ctx(), cookie)).toBe('PREMIUM')
    expect(await ctx().db.select().from(paymentEvents)).toHaveLength(1)
  })

  it('a notification PuriBox could not take is delivered again later, and then applied', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const gateway = ctx().app.sandboxPay!
    await subscribe(ctx(), cookie, { deliver: false })
    // The first attempt is signed with a secret PuriBox does not know (the gateway rotated it too
    // early): PuriBox refuses it.
    const secret = gateway.options.notificationSecret
    gateway.options.notificationSecret = 'rotated-too-early-0123456789abcdef'
    expect(await gateway.deliverDue()).toBe(0)
    gateway.options.notificationSecret = secret
    expect(gateway.deliveries()[0]).toMatchObject({ state: 'PENDING', attempts: 1 })
    expect(await status(ctx(), cookie)).toBe('MINI')
    // The gateway tries again once its wait is over.
    expect(await gateway.deliverDue()).toBe(0)
    ctx().clock.advance(1_000)
    expect(await gateway.deliverDue()).toBe(1)
    expect(gateway.deliveries()[0]).toMatchObject({ state: 'DELIVERED', attempts: 2 })
    expect(await status(ctx(), cookie)).toBe('PREMIUM')
  })
})

describe('renewals, failures and leaving premium', () => {
  const ctx = useTestApp({ timeTravel: true })

  it('renewed monthly by the gateway; a failed renewal keeps premium for the grace, then MINI', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const { gatewayRef } = await subscribe(ctx(), cookie)
    const gateway = ctx().app.sandboxPay!
    // Not yet due: nothing happens. (The visit keeps the session from ending for being idle a month.)
    ctx().clock.set(new Date('2026-12-05T03:00:00Z'))
    expect(gateway.runSchedule()).toBe(0)
    expect(await status(ctx(), cookie)).toBe('PREMIUM')
    ctx().clock.set(new Date('2026-12-20T03:00:01Z'))
    expect(gateway.runSchedule()).toBe(1)
    await gateway.deliverDue()
    expect((await paymentSelf(ctx(), cookie)).premiumUntil).toBe('2027-01-20T12:00:00')

    gateway.act(gatewayRef, 'toggleFailures')
    ctx().clock.set(new Date('2027-01-05T03:00:00Z'))
    expect(await status(ctx(), cookie)).toBe('PREMIUM')
    ctx().clock.set(new Date('2027-01-20T03:00:01Z'))
    gateway.runSchedule()
    await gateway.deliverDue()
    expect(await paymentSelf(ctx(), cookie)).toMatchObject({
      status: 'GRACE',
      premiumUntil: '2027-01-27T12:00:01',
      nextPaymentAt: null,
    })
    expect(await status(ctx(), cookie)).toBe('PREMIUM')
    ctx().clock.set(new Date('2027-01-27T03:00:02Z'))
    gateway.runSchedule()
    await gateway.deliverDue()
    expect(await status(ctx(), cookie)).toBe('MINI')
    expect((await paymentSelf(ctx(), cookie)).kindId).toBeNull()
  })

  it('cancelling a card: premium to the end of the period (time travel shows the end), then MINI', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const { subscriptionId } = await subscribe(ctx(), cookie)
    const unsubscribable = (await call(ctx(), 'paymentUnsubscribable', cookie)).json().entity.items
    expect(unsubscribable).toEqual([
      {
        unsubscribeUrl: '/sp/payment/unsubscribe/credit',
        accessMethod: 'API',
        name: 'クレジットカード',
        plan: 'credit',
        subscriptionId,
        trial: false,
        nextPaymentAt: '2026-12-20T12:00:00',
        premiumUntil: '2026-12-20T12:00:00',
      },
    ])
    const cancelled = await call(ctx(), 'cancelSubscription', cookie, { params: { id: subscriptionId } })
    expect(cancelled.json().entity).toMatchObject({
      redirectUrl: null,
      payment: { status: 'CANCELLED', premiumUntil: '2026-12-20T12:00:00', nextPaymentAt: null },
    })
    expect(await status(ctx(), cookie)).toBe('PREMIUM')
    expect((await call(ctx(), 'paymentUnsubscribable', cookie)).json().entity.items).toEqual([])
    const again = await call(ctx(), 'cancelSubscription', cookie, { params: { id: subscriptionId } })
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'NOT_CANCELLABLE'])
    // The gateway's notification of the same cancellation comes after its answer: nothing more.
    await ctx().app.sandboxPay!.deliverDue()
    expect((await ctx().db.select().from(paymentEvents)).map((e) => e.outcome)).toEqual([
      'APPLIED',
      'APPLIED',
    ])

    await call(ctx(), 'timeTravelSet', cookie, { body: { date: '2026-12-20T12:00:00' } })
    expect(await status(ctx(), cookie)).toBe('MINI')
    // Nobody else can cancel (or read) it.
    const other = await createMember(ctx().db, ctx().clock)
    const foreign = await call(ctx(), 'subscription', other.cookie, { params: { id: subscriptionId } })
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'NOT_FOUND'])
  })

  it('a card’s cancellation undone while the paid period lasts: it renews again, as before', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const { subscriptionId } = await subscribe(ctx(), cookie)
    await call(ctx(), 'cancelSubscription', cookie, { params: { id: subscriptionId } })
    expect(await paymentSelf(ctx(), cookie)).toMatchObject({
      status: 'CANCELLED',
      subscriptionId,
      resumable: true,
    })
    expect((await call(ctx(), 'accountDeletionCheck', cookie)).json().entity.status).toBe('ALLOWED')

    // A week later, still within the paid period.
    ctx().clock.set(new Date('2026-11-27T03:00:00Z'))
    const resumed = await call(ctx(), 'resumeSubscription', cookie, { params: { id: subscriptionId } })
    expect(resumed.statusCode).toBe(200)
    expect(resumed.json().entity.payment).toMatchObject({
      status: 'ACTIVE',
      premiumUntil: '2026-12-20T12:00:00',
      nextPaymentAt: '2026-12-20T12:00:00',
      resumable: false,
    })
    expect((await call(ctx(), 'paymentUnsubscribable', cookie)).json().entity.items).toHaveLength(1)
    // Paying again: leaving needs a cancellation first, as before.
    expect((await call(ctx(), 'accountDeletionCheck', cookie)).json().entity.status).toBe('PREMIUM_ACTIVE')
    // The gateway's notification of the same resumption changes nothing more.
    await ctx().app.sandboxPay!.deliverDue()
    const outcomes = (await ctx().db.select().from(paymentEvents)).map((e) => [e.type, e.outcome])
    expect(outcomes).toEqual([
      ['PAID', 'APPLIED'],
      ['CANCELLED', 'APPLIED'],
      ['RESUMED', 'APPLIED'],
    ])
    // The renewal falls due and is charged.
    ctx().clock.set(new Date('2026-12-20T03:00:01Z'))
    ctx().app.sandboxPay!.runSchedule()
    await ctx().app.sandboxPay!.deliverDue()
    expect((await paymentSelf(ctx(), cookie)).premiumUntil).toBe('2027-01-20T12:00:00')
  })

  it('undoing is refused when not cancelled, after the paid period, for someone else’s, and at a carrier', async () => {
    const refusal = async (cookie: string, id: string) => {
      const answer = await call(ctx(), 'resumeSubscription', cookie, { params: { id } })
      return [answer.statusCode, answer.json().error?.code]
    }
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const { subscriptionId } = await subscribe(ctx(), cookie)
    expect(await refusal(cookie, subscriptionId)).toEqual([409, 'NOT_CANCELLED'])

    await call(ctx(), 'cancelSubscription', cookie, { params: { id: subscriptionId } })
    const other = await createMember(ctx().db, ctx().clock)
    expect(await refusal(other.cookie, subscriptionId)).toEqual([404, 'NOT_FOUND'])

    // At the end of the paid period (time travel shows it), premium is over: nothing to undo.
    await call(ctx(), 'timeTravelSet', cookie, { body: { date: '2026-12-20T12:00:00' } })
    expect(await refusal(cookie, subscriptionId)).toEqual([410, 'PAID_PERIOD_OVER'])
    await call(ctx(), 'timeTravelClear', cookie)
    expect((await paymentSelf(ctx(), cookie)).status).toBe('CANCELLED')

    // au: cancelled at the carrier for good; PuriBox says so instead of asking the gateway.
    const au = await createMember(ctx().db, ctx().clock)
    const auSubscription = await subscribe(ctx(), au.cookie, { kind: 'AU' })
    const page = (
      await call(ctx(), 'cancelSubscription', au.cookie, { params: { id: auSubscription.subscriptionId } })
    ).json().entity.redirectUrl
    await ctx().app.inject({
      method: 'POST',
      url: new URL(page).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=cancel&person=sakura',
    })
    await ctx().app.sandboxPay!.deliverDue()
    expect(await paymentSelf(ctx(), au.cookie)).toMatchObject({ status: 'CANCELLED', resumable: false })
    expect(await refusal(au.cookie, auSubscription.subscriptionId)).toEqual([409, 'RESUME_NOT_OFFERED'])
  })

  it('an au plan is cancelled at the carrier: the carrier’s page, the line that pays, and back', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const { subscriptionId } = await subscribe(ctx(), cookie, { kind: 'AU' })
    expect((await call(ctx(), 'paymentUnsubscribable', cookie)).json().entity.items[0]).toMatchObject({
      unsubscribeUrl: '/sp/payment/unsubscribe/auone',
      accessMethod: 'CARRIER_PAGE',
      name: 'auかんたん決済',
    })
    const answer = (
      await call(ctx(), 'cancelSubscription', cookie, { params: { id: subscriptionId } })
    ).json().entity
    expect(answer.payment.status).toBe('ACTIVE')
    const carrierPage = new URL(answer.redirectUrl).pathname
    const post = (payload: string) =>
      ctx().app.inject({
        method: 'POST',
        url: carrierPage,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      })
    // Another line has nothing of PuriBox's to cancel.
    const wrongLine = await post('answer=cancel&person=momo')
    expect(wrongLine.statusCode).toBe(404)
    const done = await post('answer=cancel&person=sakura')
    expect(done.headers.location).toBe(
      'http://localhost:3000/sp/payment/unsubscribe/auone?returned=1&result=cancelled',
    )
    await ctx().app.sandboxPay!.deliverDue()
    expect(await paymentSelf(ctx(), cookie)).toMatchObject({
      status: 'CANCELLED',
      premiumUntil: '2026-12-20T12:00:00',
    })
  })

  /**
   * Stops a carrier subscription the way a member does: PuriBox sends them to the carrier's page
   * (the sandbox's), they confirm, and the carrier sends them back to the plan's own unsubscribe page
   * and tells PuriBox.
   */
  async function cancelAtCarrier(cookie: string, subscriptionId: string, plan: string) {
    const answer = (
      await call(ctx(), 'cancelSubscription', cookie, { params: { id: subscriptionId } })
    ).json().entity
    const done = await ctx().app.inject({
      method: 'POST',
      url: new URL(answer.redirectUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=cancel&person=sakura',
    })
    expect(done.headers.location).toBe(
      `http://localhost:3000/sp/payment/unsubscribe/${plan}?returned=1&result=cancelled`,
    )
    await ctx().app.sandboxPay!.deliverDue()
  }

  it.each([
    ['AU', 'auone_addon', 'auかんたん決済（追加課金）'],
    ['DOCOMO', 'spmode_addon', 'spモード決済（追加課金）'],
  ] as const)(
    'a %s line that may take the add-on plan is billed under %s and leaves it on its own page',
    async (kind, plan, name) => {
      const { cookie } = await createMember(ctx().db, ctx().clock, { canAddOn: true })
      const { subscriptionId } = await subscribe(ctx(), cookie, { kind, plan })
      expect(await paymentSelf(ctx(), cookie)).toMatchObject({ plan, viewName: name, status: 'ACTIVE' })
      expect((await call(ctx(), 'paymentUnsubscribable', cookie)).json().entity.items).toEqual([
        expect.objectContaining({
          unsubscribeUrl: `/sp/payment/unsubscribe/${plan}`,
          accessMethod: 'CARRIER_PAGE',
          name,
          plan,
        }),
      ])
      await cancelAtCarrier(cookie, subscriptionId, plan)
      expect(await paymentSelf(ctx(), cookie)).toMatchObject({ plan, status: 'CANCELLED' })
    },
  )

  it.each([
    ['AU', 'auone_shift', 'auかんたん決済（移行）'],
    ['DOCOMO', 'spmode_shift', 'spモード決済（移行）'],
  ] as const)(
    'a %s subscription carried over from earlier billing (%s) is left on its own page too',
    async (kind, plan, name) => {
      const { cookie } = await createMember(ctx().db, ctx().clock)
      const { subscriptionId } = await subscribe(ctx(), cookie, { kind })
      // Carried over: billed under the shift plan, which no page of PuriBox starts.
      await ctx().db.update(subscriptions).set({ plan }).where(eq(subscriptions.id, subscriptionId))
      expect((await call(ctx(), 'paymentUnsubscribable', cookie)).json().entity.items).toEqual([
        expect.objectContaining({ unsubscribeUrl: `/sp/payment/unsubscribe/${plan}`, name, plan }),
      ])
      await cancelAtCarrier(cookie, subscriptionId, plan)
      expect(await paymentSelf(ctx(), cookie)).toMatchObject({ plan, viewName: name, status: 'CANCELLED' })
    },
  )

  it('the add-on plan is refused to a line the carrier did not allow (ADD_ON_NOT_ALLOWED), and a plan nobody starts is PLAN_NOT_OFFERED', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const start = async (kind: string, plan: string) => {
      const response = await call(ctx(), 'startSubscription', cookie, { body: { kind, plan } })
      return [response.statusCode, response.json().error?.code]
    }
    expect(await start('AU', 'auone_addon')).toEqual([403, 'ADD_ON_NOT_ALLOWED'])
    expect(await start('DOCOMO', 'spmode_addon')).toEqual([403, 'ADD_ON_NOT_ALLOWED'])
    expect(await start('DOCOMO', 'spmode_shift')).toEqual([400, 'PLAN_NOT_OFFERED'])
    expect(await start('AU', 'spmode_addon')).toEqual([400, 'PLAN_NOT_OFFERED'])
    expect(await ctx().db.select().from(subscriptions)).toEqual([])
    // Its base plan is there for the same member, and without a plan the server picks it.
    expect((await start('AU', 'auone'))[0]).toBe(200)
    expect((await ctx().db.select().from(subscriptions)).map((row) => row.plan)).toEqual(['auone'])
  })

  it('softbank asks its line authentication first', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const { subscriptionId } = await subscribe(ctx(), cookie, { kind: 'SOFTBANK' })
    const answer = (
      await call(ctx(), 'cancelSubscription', cookie, { params: { id: subscriptionId } })
    ).json().entity
    const page = new URL(answer.redirectUrl).pathname
    const post = (payload: string) =>
      ctx().app.inject({
        method: 'POST',
        url: page,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      })
    expect((await post('answer=cancel&person=sakura')).statusCode).toBe(400)
    expect((await post('answer=cancel&person=sakura&pin=1234')).statusCode).toBe(303)
    await ctx().app.sandboxPay!.deliverDue()
    expect((await paymentSelf(ctx(), cookie)).status).toBe('CANCELLED')
  })

  it('a payer who cannot sign in stops carrier billing by carrier id', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    await subscribe(ctx(), cookie, { kind: 'DOCOMO' })
    const start = await ctx().app.inject({
      url: '/sp/2/payment/withdrawal?kind=DOCOMO',
      headers: { accept: 'text/html' },
    })
    expect(start.statusCode).toBe(302)
    const page = new URL(String(start.headers.location)).pathname
    const done = await ctx().app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=cancel&person=sakura',
    })
    expect(done.headers.location).toBe(
      'http://localhost:3000/sp/paymentid_withdrawal/top?returned=1&result=cancelled',
    )
    await ctx().app.sandboxPay!.deliverDue()
    expect((await paymentSelf(ctx(), cookie)).status).toBe('CANCELLED')
    const card = await ctx().app.inject({ url: '/sp/2/payment/withdrawal?kind=CREDIT' })
    expect(card.statusCode).toBe(400)
  })

  it('a member still paying cannot delete the account; once cancelled they may', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const { subscriptionId } = await subscribe(ctx(), cookie)
    const check = async () => (await call(ctx(), 'accountDeletionCheck', cookie)).json().entity.status
    expect(await check()).toBe('PREMIUM_ACTIVE')
    await call(ctx(), 'cancelSubscription', cookie, { params: { id: subscriptionId } })
    expect(await check()).toBe('ALLOWED')
  })
})

describe('the au trial and the flows', () => {
  const ctx = useTestApp()
  const AU = { 'x-puribox-carrier': 'ezweb' }

  it('offered to a mini member on au, once; 31 free days, then ¥330 a month', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const trial = async (headers: Record<string, string> = AU) =>
      (await call(ctx(), 'paymentTrial', cookie, {}, headers)).json().entity
    expect(await trial({})).toMatchObject({
      canAdmit: false,
      canTrial: false,
      reason: 'NOT_AU',
      endDate: null,
    })
    expect(await trial()).toMatchObject({
      canAdmit: true,
      canTrial: true,
      reason: null,
      endDate: '2026-12-21T12:00:00',
      trialDays: 31,
      trialJudge: { flowName: 'TRIAL_JUDGE', caseName: 'TRIAL' },
      purigetLp: { flowName: 'PURIGET_LP', caseName: 'TRIAL' },
    })

    const { subscriptionId } = await subscribe(ctx(), cookie, { kind: 'AU', trial: true, carrier: 'ezweb' })
    expect(await paymentSelf(ctx(), cookie)).toMatchObject({
      trial: true,
      premiumUntil: '2026-12-21T12:00:00',
      plan: 'auone',
    })
    const [free] = await ctx().db.select().from(paymentEvents)
    expect(free?.amountYen).toBe(0)
    expect((await trial()).reason).toBe('ALREADY_PREMIUM')

    // Cancelled and over: the trial stays used.
    const answer = (
      await call(ctx(), 'cancelSubscription', cookie, { params: { id: subscriptionId } })
    ).json().entity
    await ctx().app.inject({
      method: 'POST',
      url: new URL(answer.redirectUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=cancel&person=sakura',
    })
    await ctx().app.sandboxPay!.deliverDue()
    ctx().clock.set(new Date(TEST_NOW.getTime() + 16 * DAY_MS))
    expect(await status(ctx(), cookie)).toBe('PREMIUM')
    ctx().clock.set(new Date(TEST_NOW.getTime() + 32 * DAY_MS))
    expect(await status(ctx(), cookie)).toBe('MINI')
    expect(await trial()).toMatchObject({ canAdmit: false, reason: 'TRIAL_USED' })
  })

  it('a guest is never offered it; a flow’s case is readable by anyone', async () => {
    const trial = (await call(ctx(), 'paymentTrial', null, {}, AU)).json().entity
    expect(trial).toMatchObject({ canAdmit: false, reason: 'NOT_MEMBER', trialJudge: { caseName: 'NORMAL' } })
    const flow = await call(ctx(), 'optimizedFlow', null, { params: { flowName: 'MY_PAGE' } })
    expect(flow.json().entity).toEqual({ flowName: 'MY_PAGE', caseName: 'NORMAL' })
    const unknown = await call(ctx(), 'optimizedFlow', null, { params: { flowName: 'NOPE' } })
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'VALIDATION_FAILED'])
  })
})
