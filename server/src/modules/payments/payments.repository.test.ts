import { PREMIUM_PRICE_YEN } from '@puribox/contract/payments'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import { resetDatabase, testDatabase } from '../../test/database'
import { createAccount, createSubscription } from '../../test/factories'
import { createAccountsRepository } from '../accounts/accounts.repository'
import { accounts } from '../accounts/accounts.schema'
import { membershipAt } from '../accounts/membership'
import { systemActor } from '../actor'
import { createEventBus, type EventEnvelope } from '../events'
import { createPaymentsRepository, type Notification } from './payments.repository'
import { paymentEvents, subscriptions } from './payments.schema'

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 3))

/** Who applies the gateway's notifications, as the payments service says. */
const GATEWAY = systemActor('payment gateway notification')

/** The payments repository as the app builds it, on a bus of its own: what it tells is kept. */
function paymentsRepository(db: Database) {
  const events = createEventBus()
  const becamePremium: EventEnvelope<'account.became-premium'>[] = []
  events.on('account.became-premium', 'test', async (_tx, event) => {
    becamePremium.push(event)
  })
  return {
    repo: createPaymentsRepository(db, { accounts: createAccountsRepository(db), events }),
    becamePremium,
  }
}

async function setUp() {
  const { db } = await testDatabase()
  const account = await createAccount(db)
  const { repo, becamePremium } = paymentsRepository(db)
  const subscription = await createSubscription(db, { accountId: account.id, priceYen: PREMIUM_PRICE_YEN })
  const premiumUntil = async () =>
    (await db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!.premiumUntil
  /** The account's membership as of `at` (the stored premium end against that time). */
  const membership = async (at: Date) =>
    membershipAt({ premiumUntil: await premiumUntil(), schoolPremiumUntil: null }, at)
  return { db, repo, account, subscription, membership, premiumUntil, becamePremium }
}

/** A change of status (anything but a payment) from the gateway. */
const change = (
  gatewayRef: string,
  eventId: string,
  type: 'CANCELLED' | 'RENEWAL_FAILED' | 'ENDED',
  sequence: number,
  at: number,
): Notification => ({ eventId, gatewayRef, event: { type, sequence, occurredAt: day(at) } })

const paid = (gatewayRef: string, eventId: string, sequence: number, from: number): Notification => ({
  eventId,
  gatewayRef,
  event: { type: 'PAID', sequence, occurredAt: day(from), periodEnd: day(from + 30), amountYen: 330 },
})

describe('PaymentsRepository.applyNotification', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it('a payment makes the account premium to the end of the period; the same event again changes nothing', async () => {
    const { db, repo, subscription, membership, premiumUntil, becamePremium } = await setUp()
    const notification = paid(subscription.gatewayRef!, 'evt_1', 1, 0)
    expect(await repo.applyNotification(notification, day(0), GATEWAY)).toMatchObject({
      kind: 'APPLIED',
      premiumUntil: day(30),
    })
    expect(await membership(day(0))).toBe('PREMIUM')
    // Premium lapses by itself at the end of what was paid for: nothing has to run.
    expect(await membership(day(30))).toBe('MINI')
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(row).toMatchObject({ status: 'ACTIVE', paidUntil: day(30), lastSequence: 1, lastPaidAt: day(0) })
    expect(row?.consentUrl).toBeNull()

    // Delivered again, even with another body under the same id: recorded once, applied once.
    const replay = { ...notification, event: { ...notification.event, periodEnd: day(90) } }
    expect(await repo.applyNotification(replay, day(1), GATEWAY)).toEqual({ kind: 'DUPLICATE' })
    expect(await premiumUntil()).toEqual(day(30))
    expect(becamePremium).toHaveLength(1)
    const events = await db.select().from(paymentEvents)
    expect(events).toEqual([
      expect.objectContaining({ eventId: 'evt_1', amountYen: 330, outcome: 'APPLIED' }),
    ])
  })

  it('tells account.became-premium once, when a payment makes a free account premium, with who applied it', async () => {
    const { repo, account, subscription, becamePremium } = await setUp()
    const ref = subscription.gatewayRef!
    await repo.applyNotification(paid(ref, 'evt_1', 1, 0), day(0), GATEWAY)
    expect(becamePremium).toEqual([
      expect.objectContaining({
        name: 'account.became-premium',
        actor: GATEWAY,
        at: day(0),
        target: { kind: 'account', id: account.id },
        before: { premiumUntil: null },
        after: { premiumUntil: day(30) },
        payload: { accountId: account.id },
      }),
    ])
    // Already premium: the next payment extends the period and tells nothing.
    await repo.applyNotification(paid(ref, 'evt_2', 2, 30), day(29), GATEWAY)
    expect(becamePremium).toHaveLength(1)
  })

  it('two processes receiving the same notification at once apply it once', async () => {
    const { db, repo, subscription } = await setUp()
    // A second repository on the same database stands for the second process (on PostgreSQL each
    // transaction takes its own pooled connection, so the two really run at once).
    const other = paymentsRepository(db).repo
    const notification = paid(subscription.gatewayRef!, 'evt_race', 1, 0)
    const results = await Promise.all([
      repo.applyNotification(notification, day(0), GATEWAY),
      other.applyNotification(notification, day(0), GATEWAY),
    ])
    expect(results.map((result) => result.kind).sort()).toEqual(['APPLIED', 'DUPLICATE'])
    expect(await db.select().from(paymentEvents)).toHaveLength(1)
  })

  it('different events for one subscription at once are both applied, one after the other', async () => {
    const { db, repo, subscription, premiumUntil } = await setUp()
    await Promise.all([
      repo.applyNotification(paid(subscription.gatewayRef!, 'evt_a', 1, 0), day(0), GATEWAY),
      repo.applyNotification(paid(subscription.gatewayRef!, 'evt_b', 2, 30), day(30), GATEWAY),
    ])
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(row).toMatchObject({ status: 'ACTIVE', paidUntil: day(60), lastSequence: 2 })
    expect(await premiumUntil()).toEqual(day(60))
  })

  it('a stale change is recorded as such; a cancellation keeps premium to the end of the period', async () => {
    const { db, repo, subscription, membership } = await setUp()
    const ref = subscription.gatewayRef!
    await repo.applyNotification(paid(ref, 'evt_1', 1, 0), day(0), GATEWAY)
    const cancel = change(ref, 'evt_3', 'CANCELLED', 3, 5)
    expect(await repo.applyNotification(cancel, day(5), GATEWAY)).toMatchObject({
      kind: 'APPLIED',
      premiumUntil: day(30),
    })
    expect(await membership(day(29))).toBe('PREMIUM')
    const late = change(ref, 'evt_2', 'RENEWAL_FAILED', 2, 4)
    expect(await repo.applyNotification(late, day(6), GATEWAY)).toMatchObject({
      kind: 'STALE',
      premiumUntil: day(30),
    })
    const events = await db.select().from(paymentEvents).orderBy(paymentEvents.eventId)
    expect(events.map((e) => [e.eventId, e.outcome])).toEqual([
      ['evt_1', 'APPLIED'],
      ['evt_2', 'STALE'],
      ['evt_3', 'APPLIED'],
    ])
    expect(await membership(day(30))).toBe('MINI')
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(row?.status).toBe('CANCELLED')
  })

  it('a failed renewal keeps premium through the grace; ended after it, MINI', async () => {
    const { repo, subscription, membership } = await setUp()
    const ref = subscription.gatewayRef!
    await repo.applyNotification(paid(ref, 'evt_1', 1, 0), day(0), GATEWAY)
    await repo.applyNotification(change(ref, 'evt_2', 'RENEWAL_FAILED', 2, 30), day(30), GATEWAY)
    expect(await membership(day(33))).toBe('PREMIUM')
    await repo.applyNotification(change(ref, 'evt_3', 'ENDED', 3, 37), day(37), GATEWAY)
    expect(await membership(day(33))).toBe('MINI')
  })

  it("the premium end is the latest any of the account's subscriptions gives", async () => {
    const { db, repo, account, subscription, premiumUntil } = await setUp()
    await repo.applyNotification(paid(subscription.gatewayRef!, 'evt_1', 1, 0), day(0), GATEWAY)
    const second = await createSubscription(db, { accountId: account.id, kind: 'AU', plan: 'auone' })
    await repo.applyNotification(paid(second.gatewayRef!, 'evt_2', 1, 10), day(10), GATEWAY)
    expect(await premiumUntil()).toEqual(day(40))
    // The later one ending early leaves the other's period.
    await repo.applyNotification(change(second.gatewayRef!, 'evt_3', 'ENDED', 2, 12), day(12), GATEWAY)
    expect(await premiumUntil()).toEqual(day(40))
    const declined = await createSubscription(db, { accountId: account.id })
    await repo.applyNotification(
      {
        eventId: 'evt_4',
        gatewayRef: declined.gatewayRef!,
        event: { type: 'DECLINED', sequence: 1, occurredAt: day(13) },
      },
      day(13),
      GATEWAY,
    )
    expect(await premiumUntil()).toEqual(day(40))
  })

  it('a notification for no known subscription is recorded and changes nothing', async () => {
    const { db, repo, premiumUntil } = await setUp()
    expect(await repo.applyNotification(paid('sub_unknown', 'evt_x', 1, 0), day(0), GATEWAY)).toEqual({
      kind: 'UNKNOWN_SUBSCRIPTION',
    })
    expect(await premiumUntil()).toBeNull()
    const [event] = await db.select().from(paymentEvents)
    expect(event).toMatchObject({ eventId: 'evt_x', outcome: 'UNKNOWN_SUBSCRIPTION', subscriptionId: null })
  })

  it('one consent at a time: a second PENDING for the account is refused', async () => {
    const { repo, account } = await setUp()
    const input = {
      accountId: account.id,
      kind: 'CREDIT' as const,
      plan: 'credit' as const,
      trial: false,
      priceYen: 330,
      returnTo: '/sp/2/mypage/#/puri/new',
      now: day(0),
    }
    expect(await repo.createPending(input)).toBeNull()
    await repo.abandonUnanswered((await repo.subscriptionsOf(account.id))[0]!.id, day(0))
    expect(await repo.createPending(input)).toMatchObject({ status: 'PENDING', gatewayRef: null })
  })
})
