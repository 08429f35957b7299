import { japanDayStart } from '@puribox/contract/admin-numbers'
import type { AdReactionKind } from '@puribox/contract/ads'
import type { PaymentKind } from '@puribox/contract/payments'
import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { addDays } from '@puribox/contract/time'
import { and, between, count, eq, exists, gte, lt, notExists, type SQL, sql } from 'drizzle-orm'
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'
import { accounts } from '../accounts/accounts.schema'
import { adReactionCounts } from '../ads/ads.schema'
import { paymentEvents, subscriptions } from '../payments/payments.schema'
import { savedImages, sealRegistrations } from '../saving/saving.schema'
import { sealLookupSources } from '../seals/seals.schema'

/** The Japan calendar day of a timestamp column, as `YYYY-MM-DD`: what the numbers are grouped by. */
function japanDayOf(column: PgColumn): SQL<string> {
  return sql<string>`((${column} at time zone 'Asia/Tokyo')::date)::text`
}

export interface DayCount {
  day: string
  count: number
}

/** What the numbers are made of, one list per source, only the days that have something. */
export interface NumbersRows {
  sealLookups: Array<{ day: string; source: SealLookupSource; lookups: number }>
  picturesSaved: DayCount[]
  sealsRegistered: DayCount[]
  newMembers: DayCount[]
  premiumStarts: Array<DayCount & { kind: PaymentKind; trial: boolean }>
  premiumCancellations: Array<DayCount & { kind: PaymentKind }>
  adReactions: Array<DayCount & { kind: AdReactionKind }>
}

/**
 * Reads the service's numbers from the tables of the modules that keep them (seals, saving,
 * accounts, payments, ads), per Japan day. It writes nothing. Timestamps are compared with the
 * range's first and last instants, so an index on the column can serve the range; only the grouping
 * turns them into Japan days.
 */
export function createNumbersRepository(db: Database) {
  /** Rows of `table` whose `column` falls in `[start, end)`, counted per Japan day. */
  function countPerDay(table: PgTable, column: PgColumn, start: Date, end: Date): Promise<DayCount[]> {
    const day = japanDayOf(column)
    return db
      .select({ day, count: count() })
      .from(table)
      .where(and(gte(column, start), lt(column, end)))
      .groupBy(day)
  }

  const earlier = alias(paymentEvents, 'earlier_payment_events')
  /** A payment of the same subscription before `paymentEvents`' event, in the gateway's order. */
  const paidBefore = () =>
    db
      .select({ one: sql`1` })
      .from(earlier)
      .where(
        and(
          eq(earlier.subscriptionId, paymentEvents.subscriptionId),
          eq(earlier.type, 'PAID'),
          lt(earlier.sequence, paymentEvents.sequence),
        ),
      )

  return {
    /** The rows of the Japan days `from` to `to`, both included (days checked by the caller). */
    async between(from: string, to: string): Promise<NumbersRows> {
      const start = japanDayStart(from)
      const last = japanDayStart(to)
      if (!start || !last) throw new Error(`numbers: ${from}…${to} is not a range of days`)
      const end = addDays(last, 1)

      const paymentDay = japanDayOf(paymentEvents.occurredAt)
      const paymentsInRange = and(gte(paymentEvents.occurredAt, start), lt(paymentEvents.occurredAt, end))
      const [
        sealLookups,
        picturesSaved,
        sealsRegistered,
        newMembers,
        premiumStarts,
        premiumCancellations,
        adReactions,
      ] = await Promise.all([
        db
          .select({
            day: sealLookupSources.day,
            source: sealLookupSources.source,
            lookups: sealLookupSources.lookups,
          })
          .from(sealLookupSources)
          .where(between(sealLookupSources.day, from, to)),
        countPerDay(savedImages, savedImages.savedAt, start, end),
        countPerDay(sealRegistrations, sealRegistrations.registeredAt, start, end),
        countPerDay(accounts, accounts.registeredAt, start, end),
        // A subscription starts with its first payment (the au trial's first, free period included);
        // a renewal, or a payment taken after the subscription ended, is not a start.
        db
          .select({ day: paymentDay, kind: subscriptions.kind, trial: subscriptions.trial, count: count() })
          .from(paymentEvents)
          .innerJoin(subscriptions, eq(subscriptions.id, paymentEvents.subscriptionId))
          .where(and(eq(paymentEvents.type, 'PAID'), paymentsInRange, notExists(paidBefore())))
          .groupBy(paymentDay, subscriptions.kind, subscriptions.trial),
        // A cancellation the gateway reported, of a subscription paid before it: a consent withdrawn
        // before paying is no premium ending, and a stale or repeated notification changed nothing.
        db
          .select({ day: paymentDay, kind: subscriptions.kind, count: count() })
          .from(paymentEvents)
          .innerJoin(subscriptions, eq(subscriptions.id, paymentEvents.subscriptionId))
          .where(
            and(
              eq(paymentEvents.type, 'CANCELLED'),
              eq(paymentEvents.outcome, 'APPLIED'),
              paymentsInRange,
              exists(paidBefore()),
            ),
          )
          .groupBy(paymentDay, subscriptions.kind),
        db
          .select({
            day: adReactionCounts.day,
            kind: adReactionCounts.kind,
            count: sql<number>`sum(${adReactionCounts.count})`.mapWith(Number),
          })
          .from(adReactionCounts)
          .where(between(adReactionCounts.day, from, to))
          .groupBy(adReactionCounts.day, adReactionCounts.kind),
      ])
      return {
        sealLookups,
        picturesSaved,
        sealsRegistered,
        newMembers,
        premiumStarts,
        premiumCancellations,
        adReactions,
      }
    },
  }
}

export type NumbersRepository = ReturnType<typeof createNumbersRepository>
