import { PREMIUM_PRICE_YEN } from '@puribox/contract/payments'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { accounts, paymentEvents, subscriptions } from '../../db/schema'
import { resetDatabase, testDatabase } from '../../test/database'
import { createAccount } from '../../test/factories'
import { createPaymentsRepository, type Notification } from './payments.repository'

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 3))

async function setUp() {
  const { db } = await testDatabase()
  const account = await createAccount(db, { membershipStatus: 'MINI' })
  const repo = createPaymentsRepository(db)
  const subscription = await repo.createSubscription({
    accountId: account.id,
    kind: 'CREDIT',
    gatewayRef: `sub_${account.id}`,
    priceYen: PREMIUM_PRICE_YEN,
  })
  const membership = async () =>
    (await db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!.membershipStatus
  return { db, repo, account, subscription, membership }
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
  event: { type: 'PAID', sequence, occurredAt: day(from), periodEnd: day(from + 30) },
})

describe('PaymentsRepository.applyNotification', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it('a payment makes the account premium; the same event again changes nothing', async () => {
    const { db, repo, subscription, membership } = await setUp()
    const notification = paid(subscription.gatewayRef, 'evt_1', 1, 0)
    expect(await repo.applyNotification(notification, day(0))).toMatchObject({
      kind: 'APPLIED',
      premium: true,
    })
    expect(await membership()).toBe('PREMIUM')
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(row).toMatchObject({ status: 'ACTIVE', paidUntil: day(30), lastSequence: 1 })

    // Delivered again, even with another body under the same id: recorded once, applied once.
    const replay = { ...notification, event: { ...notification.event, periodEnd: day(90) } }
    expect(await repo.applyNotification(replay, day(1))).toEqual({ kind: 'DUPLICATE' })
    const [after] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(after?.paidUntil).toEqual(day(30))
    expect(await db.select().from(paymentEvents)).toHaveLength(1)
  })

  it('two processes receiving the same notification at once apply it once', async () => {
    const { db, repo, subscription } = await setUp()
    // A second repository on the same database stands for the second process (on PostgreSQL each
    // transaction takes its own pooled connection, so the two really run at once).
    const other = createPaymentsRepository(db)
    const notification = paid(subscription.gatewayRef, 'evt_race', 1, 0)
    const results = await Promise.all([
      repo.applyNotification(notification, day(0)),
      other.applyNotification(notification, day(0)),
    ])
    expect(results.map((result) => result.kind).sort()).toEqual(['APPLIED', 'DUPLICATE'])
    expect(await db.select().from(paymentEvents)).toHaveLength(1)
  })

  it('different events for one subscription at once are both applied, one after the other', async () => {
    const { db, repo, subscription } = await setUp()
    await Promise.all([
      repo.applyNotification(paid(subscription.gatewayRef, 'evt_a', 1, 0), day(0)),
      repo.applyNotification(paid(subscription.gatewayRef, 'evt_b', 2, 30), day(30)),
    ])
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(row).toMatchObject({ status: 'ACTIVE', paidUntil: day(60), lastSequence: 2 })
  })

  it('a stale change is recorded as such; a cancellation keeps premium to the end of the period', async () => {
    const { db, repo, subscription, membership } = await setUp()
    const ref = subscription.gatewayRef
    await repo.applyNotification(paid(ref, 'evt_1', 1, 0), day(0))
    const cancel = change(ref, 'evt_3', 'CANCELLED', 3, 5)
    expect(await repo.applyNotification(cancel, day(5))).toMatchObject({ kind: 'APPLIED', premium: true })
    expect(await membership()).toBe('PREMIUM')
    const late = change(ref, 'evt_2', 'RENEWAL_FAILED', 2, 4)
    expect(await repo.applyNotification(late, day(6))).toMatchObject({ kind: 'STALE', premium: true })
    const events = await db.select().from(paymentEvents).orderBy(paymentEvents.eventId)
    expect(events.map((e) => [e.eventId, e.outcome])).toEqual([
      ['evt_1', 'APPLIED'],
      ['evt_2', 'STALE'],
      ['evt_3', 'APPLIED'],
    ])
    // Applied after the paid period: the account is no longer premium.
    const ended = change(ref, 'evt_4', 'ENDED', 4, 31)
    expect(await repo.applyNotification(ended, day(31))).toMatchObject({ kind: 'APPLIED', premium: false })
    expect(await membership()).toBe('MINI')
  })

  it('a notification for no known subscription is recorded and changes nothing', async () => {
    const { db, repo, membership } = await setUp()
    expect(await repo.applyNotification(paid('sub_unknown', 'evt_x', 1, 0), day(0))).toEqual({
      kind: 'UNKNOWN_SUBSCRIPTION',
    })
    expect(await membership()).toBe('MINI')
    const [event] = await db.select().from(paymentEvents)
    expect(event).toMatchObject({ eventId: 'evt_x', outcome: 'UNKNOWN_SUBSCRIPTION', subscriptionId: null })
  })
})
