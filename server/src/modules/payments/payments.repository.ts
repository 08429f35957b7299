import type { PaymentKind } from '@puribox/contract/payments'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accounts, paymentEvents, subscriptions } from '../../db/schema'
import { applyEvent, type GatewayEvent, premiumUntil, type Subscription } from './subscription'

/** A verified notification: the gateway's event id, the subscription it names, what happened. */
export interface Notification {
  eventId: string
  gatewayRef: string
  event: GatewayEvent
}

export type NotificationResult =
  /** Applied now, or recorded as stale (older than what was applied); the account's membership after it. */
  | { kind: 'APPLIED' | 'STALE'; accountId: string | null; premium: boolean }
  /** This event id was applied before (a retry, or another process got it first): nothing done. */
  | { kind: 'DUPLICATE' }
  /** No subscription by that reference: recorded, nothing else. */
  | { kind: 'UNKNOWN_SUBSCRIPTION' }

type SubscriptionRow = typeof subscriptions.$inferSelect

const stateOf = (row: SubscriptionRow): Subscription => ({
  status: row.status,
  paidUntil: row.paidUntil,
  graceUntil: row.graceUntil,
  lastSequence: row.lastSequence,
})

export function createPaymentsRepository(db: Database) {
  return {
    /** A subscription the member is about to pay for at the gateway (PENDING). */
    async createSubscription(input: {
      accountId: string
      kind: PaymentKind
      gatewayRef: string
      priceYen: number
    }): Promise<SubscriptionRow> {
      const [row] = await db
        .insert(subscriptions)
        .values({ ...input, status: 'PENDING' })
        .returning()
      return row!
    },

    /**
     * Applies one verified notification exactly once (decision 0019): its event id is recorded in the
     * same transaction, first, so a second delivery — even to another process at the same moment —
     * waits for the first and then finds it. The subscription row is locked while it changes, and the
     * account's membership follows it (as of `now`).
     */
    async applyNotification(notification: Notification, now: Date): Promise<NotificationResult> {
      return db.transaction(async (tx) => {
        const { event } = notification
        const [recorded] = await tx
          .insert(paymentEvents)
          .values({
            eventId: notification.eventId,
            type: event.type,
            sequence: event.sequence,
            occurredAt: event.occurredAt,
            receivedAt: now,
            outcome: 'APPLIED',
          })
          .onConflictDoNothing({ target: paymentEvents.eventId })
          .returning({ eventId: paymentEvents.eventId })
        if (!recorded) return { kind: 'DUPLICATE' }
        const [row] = await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.gatewayRef, notification.gatewayRef))
          .for('update')
        const recordOutcome = (
          outcome: 'APPLIED' | 'STALE' | 'UNKNOWN_SUBSCRIPTION',
          subscriptionId: string | null,
        ) =>
          tx
            .update(paymentEvents)
            .set({ outcome, subscriptionId })
            .where(eq(paymentEvents.eventId, notification.eventId))
        if (!row) {
          await recordOutcome('UNKNOWN_SUBSCRIPTION', null)
          return { kind: 'UNKNOWN_SUBSCRIPTION' }
        }
        const applied = applyEvent(stateOf(row), event)
        await tx
          .update(subscriptions)
          .set({ ...applied.subscription, updatedAt: now })
          .where(eq(subscriptions.id, row.id))
        await recordOutcome(applied.outcome, row.id)
        if (!row.accountId) return { kind: applied.outcome, accountId: null, premium: false }
        // Premium while any of the account's subscriptions still gives it.
        const others = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, row.accountId))
        const premium = others.some(
          (other) => premiumUntil(other.id === row.id ? applied.subscription : stateOf(other), now) !== null,
        )
        await tx
          .update(accounts)
          .set({ membershipStatus: premium ? 'PREMIUM' : 'MINI' })
          .where(eq(accounts.id, row.accountId))
        return { kind: applied.outcome, accountId: row.accountId, premium }
      })
    },
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>
