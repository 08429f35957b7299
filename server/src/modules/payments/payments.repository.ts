import type { PaymentKind, PaymentPlan } from '@puribox/contract/payments'
import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { accounts as accountsTable } from '../accounts/accounts.schema'
import type { Actor } from '../actor'
import type { EventBus, EventEnvelope } from '../events'
import { paymentEvents, subscriptions } from './payments.schema'
import { applyEvent, type GatewayEvent, premiumEnd, type Subscription } from './subscription'

/** A verified notification: the gateway's event id, the subscription it names, what happened. */
export interface Notification {
  eventId: string
  gatewayRef: string
  event: GatewayEvent
}

export type NotificationResult =
  /**
   * Applied now, or recorded as stale (older than what was applied); the account's premium end
   * after it, and whether it made the account premium.
   */
  | {
      kind: 'APPLIED' | 'STALE'
      accountId: string | null
      premiumUntil: Date | null
      becamePremium: boolean
    }
  /** This event id was applied before (a retry, or another process got it first): nothing done. */
  | { kind: 'DUPLICATE' }
  /** No subscription by that reference: recorded, nothing else. */
  | { kind: 'UNKNOWN_SUBSCRIPTION' }

export type SubscriptionRow = typeof subscriptions.$inferSelect

/** The state machine's view of a stored subscription. */
export const stateOf = (row: SubscriptionRow): Subscription => ({
  status: row.status,
  paidUntil: row.paidUntil,
  graceUntil: row.graceUntil,
  lastSequence: row.lastSequence,
})

const later = (a: Date | null, b: Date | null) => (a === null ? b : b === null || a >= b ? a : b)

/** The account's premium end from its subscriptions (decision 0020): the latest one any gives. */
export function premiumEndOf(rows: readonly Subscription[]): Date | null {
  return rows.reduce<Date | null>((end, row) => later(end, premiumEnd(row)), null)
}

/** What payments needs of the accounts module (its service): the premium end it alone writes (decision 0020). */
export interface PremiumEndStore {
  lockPremiumUntil(accountId: string, tx: Database): Promise<Date | null | undefined>
  setPremiumUntil(accountId: string, premiumUntil: Date | null, tx: Database): Promise<void>
}

export function createPaymentsRepository(
  db: Database,
  deps: {
    accounts: PremiumEndStore
    /** Where `account.became-premium` goes (saving keeps the puris a free member could not). */
    events: Pick<EventBus, 'emit'>
  },
) {
  const { accounts, events } = deps
  return {
    /**
     * An account deleted: its subscriptions are kept as the record of money taken, no longer
     * naming the account (decision 0019). Deletion is refused while one still renews.
     */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx
        .update(subscriptions)
        .set({ accountId: null })
        .where(eq(subscriptions.accountId, event.payload.accountId))
    },
    /**
     * A subscription the member is about to consent to at the gateway (PENDING). Null when the
     * account has a PENDING one already (one consent at a time: another tap got there first).
     */
    async createPending(input: {
      accountId: string
      kind: PaymentKind
      plan: PaymentPlan
      trial: boolean
      priceYen: number
      returnTo: string
      now: Date
    }): Promise<SubscriptionRow | null> {
      const { now, ...values } = input
      try {
        const [row] = await db
          .insert(subscriptions)
          .values({ ...values, status: 'PENDING', createdAt: now, updatedAt: now })
          .returning()
        return row!
      } catch (error) {
        if (isUniqueViolation(error)) return null
        throw error
      }
    },

    /** The gateway's answer to a new subscription: its reference and consent page. */
    async recordGatewayRef(id: string, gatewayRef: string, consentUrl: string): Promise<SubscriptionRow> {
      const [row] = await db
        .update(subscriptions)
        .set({ gatewayRef, consentUrl })
        .where(eq(subscriptions.id, id))
        .returning()
      return row!
    },

    /**
     * A PENDING subscription the gateway never answered for: nobody was given its consent page, so
     * nobody can have consented. It is dropped (DECLINED) to make way for a new one.
     */
    async abandonUnanswered(id: string, now: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ status: 'DECLINED', updatedAt: now })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'PENDING')))
    },

    /** The account's subscriptions, newest first. */
    async subscriptionsOf(accountId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.accountId, accountId))
        .orderBy(desc(subscriptions.createdAt))
    },

    /**
     * Subscriptions that still renew although their account has the junior-high free premium as of
     * `now` (decision 0047): their renewals are to be stopped, so nothing is paid for what is free.
     */
    async renewingUnderSchoolPremium(now: Date): Promise<SubscriptionRow[]> {
      const rows = await db
        .select({ subscription: subscriptions })
        .from(subscriptions)
        .innerJoin(accountsTable, eq(accountsTable.id, subscriptions.accountId))
        .where(
          and(
            inArray(subscriptions.status, ['ACTIVE', 'GRACE']),
            isNotNull(subscriptions.gatewayRef),
            gt(accountsTable.schoolPremiumUntil, now),
          ),
        )
      return rows.map((row) => row.subscription)
    },

    async findById(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1)
      return row ?? null
    },

    /**
     * Applies one verified notification exactly once (decision 0019): its event id is recorded in the
     * same transaction, first, so a second delivery — even to another process at the same moment —
     * waits for the first and then finds it. The subscription row is locked while it changes; the
     * account's premium end follows from all its subscriptions (decision 0020), and when this makes
     * the account premium as of `now`, `account.became-premium` is told in the same transaction
     * (saving keeps the account's unsaved puris of live seals). `actor`: who asked for the event
     * (the gateway itself for its notifications, a member for the answer to their own cancel).
     */
    async applyNotification(
      notification: Notification,
      now: Date,
      actor: Actor,
    ): Promise<NotificationResult> {
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
            amountYen: event.type === 'PAID' ? event.amountYen : null,
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
          .set({
            ...applied.subscription,
            consentUrl: applied.subscription.status === 'PENDING' ? row.consentUrl : null,
            ...(event.type === 'PAID' ? { lastPaidAt: later(row.lastPaidAt, event.occurredAt) } : {}),
            updatedAt: now,
          })
          .where(eq(subscriptions.id, row.id))
        await recordOutcome(applied.outcome, row.id)
        if (!row.accountId) {
          return { kind: applied.outcome, accountId: null, premiumUntil: null, becamePremium: false }
        }

        // The account is locked while its premium end is recomputed from every subscription of it.
        const accountId = row.accountId
        const before = await accounts.lockPremiumUntil(accountId, tx)
        const all = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId))
        const premiumUntil = premiumEndOf(all.map(stateOf))
        await accounts.setPremiumUntil(accountId, premiumUntil, tx)
        const wasPremium = before != null && before > now
        const isPremium = premiumUntil !== null && premiumUntil > now
        // Becoming premium saves at once the unsaved puris a mini member could not keep: in the same transaction.
        const became = !wasPremium && isPremium
        if (became) {
          await events.emit(tx, 'account.became-premium', {
            actor,
            at: now,
            target: { kind: 'account', id: accountId },
            before: { premiumUntil: before ?? null },
            after: { premiumUntil },
            payload: { accountId },
          })
        }
        return { kind: applied.outcome, accountId, premiumUntil, becamePremium: became }
      })
    },
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>
