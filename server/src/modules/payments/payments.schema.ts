import { PAYMENT_KINDS, PAYMENT_PLANS } from '@puribox/contract/payments'
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * A premium subscription at the payment gateway, as its notifications have moved it (decision 0019,
 * `modules/payments/subscription.ts`). Kept when the account is deleted (the account goes, the
 * record of money taken stays). `id` is PuriBox's reference at the gateway (merchant reference and
 * idempotency key); `gateway_ref` the gateway's, once it has answered.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    /** The plan it is billed under at the carrier, which decides how it is left (contract `PAYMENT_PLANS`). */
    plan: text('plan', { enum: PAYMENT_PLANS }).notNull(),
    /** The au trial: the first period is free. */
    trial: boolean('trial').notNull().default(false),
    /** The gateway's id of the subscription, which its notifications name; null until it answered. */
    gatewayRef: text('gateway_ref').unique(),
    /** The gateway's consent page, while PENDING: a second tap goes back to the same one. */
    consentUrl: text('consent_url'),
    /** The page of PuriBox to end on once the member is back from the gateway. */
    returnTo: text('return_to').notNull(),
    status: text('status', {
      enum: ['PENDING', 'DECLINED', 'ACTIVE', 'CANCELLED', 'GRACE', 'ENDED'],
    }).notNull(),
    /** Monthly price including tax, in yen, as agreed when the member subscribed. */
    priceYen: integer('price_yen').notNull(),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    lastSequence: integer('last_sequence').notNull().default(0),
    /** When the last payment was taken (the spec's `paymentAt`). */
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.accountId, t.createdAt),
    // One consent at a time per account: a new one withdraws the last (decision 0020).
    uniqueIndex('subscriptions_one_pending_uq').on(t.accountId).where(sql`${t.status} = 'PENDING'`),
  ],
)

/**
 * Every verified notification from the payment gateway, by its event id: recorded in the
 * transaction that applies it, so that one delivered twice (or to two processes at once) is applied
 * once. `outcome` says what it did; `amount_yen` what a payment took.
 */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
  type: text('type').notNull(),
  sequence: integer('sequence').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  amountYen: integer('amount_yen'),
  outcome: text('outcome', { enum: ['APPLIED', 'STALE', 'UNKNOWN_SUBSCRIPTION'] }).notNull(),
})
