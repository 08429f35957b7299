import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accounts } from '../accounts/accounts.schema'
import { machineModels, machines, shops } from '../booth/booth.schema'
import type { EventEnvelope } from '../events'
import { couponModels, coupons, couponTickets } from './coupons.schema'

export type CouponRow = typeof coupons.$inferSelect
export type NewCoupon = typeof coupons.$inferInsert
export type TicketRow = typeof couponTickets.$inferSelect
export type NewTicket = typeof couponTickets.$inferInsert

/** A ticket with its coupon and, for a shop's coupon, the shop. */
export interface TicketWithCoupon {
  ticket: TicketRow
  coupon: CouponRow
  shop: { id: string; name: string; prefectureName: string; address: string } | null
}

/** A coupon the member may be granted now, with what the grant needs to know. */
export interface GrantableCoupon {
  coupon: CouponRow
  registeredAt: Date
}

/** Tickets with their coupons and shops, the soonest to end first (200 at most). */
async function ticketsWhere(db: Database, where: SQL | undefined): Promise<TicketWithCoupon[]> {
  const rows = await db
    .select({
      ticket: couponTickets,
      coupon: coupons,
      shopId: shops.id,
      shopName: shops.name,
      shopPrefecture: shops.prefectureName,
      shopAddress: shops.address,
    })
    .from(couponTickets)
    .innerJoin(coupons, eq(coupons.id, couponTickets.couponId))
    .leftJoin(shops, eq(shops.id, coupons.shopId))
    .where(where)
    .orderBy(asc(couponTickets.validUntil), asc(couponTickets.id))
    .limit(200)
  return rows.map((row) => ({
    ticket: row.ticket,
    coupon: row.coupon,
    shop:
      row.shopId === null
        ? null
        : {
            id: row.shopId,
            name: row.shopName ?? '',
            prefectureName: row.shopPrefecture ?? '',
            address: row.shopAddress ?? '',
          },
  }))
}

export function createCouponsRepository(db: Database) {
  return {
    /** An account deleted: its tickets go (the coupons stay). */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(couponTickets).where(eq(couponTickets.accountId, event.payload.accountId))
    },

    /**
     * The published coupons members get by themselves (every grant but INDIVIDUAL) running at `now`
     * and not withdrawn, of which the account has no ticket for the period (`month` for
     * PREMIUM_MONTHLY, `''` for the others), with its registration.
     */
    async grantable(accountId: string, now: Date, month: string): Promise<GrantableCoupon[]> {
      return db
        .select({ coupon: coupons, registeredAt: accounts.registeredAt })
        .from(coupons)
        .innerJoin(accounts, eq(accounts.id, accountId))
        .where(
          and(
            inArray(coupons.grant, ['EVERY_MEMBER', 'PREMIUM', 'FREE', 'SIGN_UP', 'PREMIUM_MONTHLY']),
            // Published by an editor (a draft is nobody's yet) and not withdrawn since.
            isNotNull(coupons.publishedAt),
            isNull(coupons.withdrawnAt),
            lte(coupons.startsAt, now),
            or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
            sql`not exists (select 1 from ${couponTickets} where ${couponTickets.couponId} = ${coupons.id}
              and ${couponTickets.accountId} = ${accountId}
              and ${couponTickets.period} = case when ${coupons.grant} = 'PREMIUM_MONTHLY' then ${month} else '' end)`,
          ),
        )
        .orderBy(asc(coupons.startsAt), asc(coupons.id))
    },

    /**
     * Stores the tickets; one that exists for its account, coupon and period (granted by another
     * request meanwhile), or whose code is taken, is skipped. Answers how many were stored.
     */
    async grant(tickets: readonly NewTicket[]): Promise<number> {
      if (tickets.length === 0) return 0
      const stored = await db
        .insert(couponTickets)
        .values([...tickets])
        .onConflictDoNothing()
        .returning({ id: couponTickets.id })
      return stored.length
    },

    /** The account's tickets whose validity ended after `since` (or has not ended), with their coupons. */
    async ticketsOf(accountId: string, since: Date): Promise<TicketWithCoupon[]> {
      return ticketsWhere(
        db,
        and(eq(couponTickets.accountId, accountId), gt(couponTickets.validUntil, since)),
      )
    },

    /** One ticket of the account, with its coupon; null when there is none by this id (or it is another's). */
    async ticketOf(accountId: string, ticketId: string): Promise<TicketWithCoupon | null> {
      const [found] = await ticketsWhere(
        db,
        and(eq(couponTickets.accountId, accountId), eq(couponTickets.id, ticketId)),
      )
      return found ?? null
    },

    /** The models each coupon applies to, by coupon id (names in the order of the models' ids). */
    async modelsOf(couponIds: readonly string[]): Promise<Map<string, Array<{ id: string; name: string }>>> {
      const byCoupon = new Map<string, Array<{ id: string; name: string }>>()
      if (couponIds.length === 0) return byCoupon
      const rows = await db
        .select({ couponId: couponModels.couponId, id: machineModels.id, name: machineModels.name })
        .from(couponModels)
        .innerJoin(machineModels, eq(machineModels.id, couponModels.modelId))
        .where(inArray(couponModels.couponId, [...couponIds]))
        .orderBy(asc(machineModels.id))
      for (const row of rows) {
        const list = byCoupon.get(row.couponId) ?? []
        list.push({ id: row.id, name: row.name })
        byCoupon.set(row.couponId, list)
      }
      return byCoupon
    },

    /**
     * Uses the ticket: one conditional update, so that of any number of racing requests exactly one
     * sets `used_at` (on PostgreSQL the others wait for its row lock, then see it used). Answers the
     * ticket when this call used it, null otherwise.
     */
    async use(accountId: string, ticketId: string, now: Date): Promise<TicketRow | null> {
      const [row] = await db
        .update(couponTickets)
        .set({ usedAt: now })
        .where(
          and(
            eq(couponTickets.id, ticketId),
            eq(couponTickets.accountId, accountId),
            isNull(couponTickets.usedAt),
            lte(couponTickets.validFrom, now),
            gt(couponTickets.validUntil, now),
          ),
        )
        .returning()
      return row ?? null
    },

    /** Stores the coupons whose ids are not there yet, with their models; an existing one stays as it is. */
    async createMissing(
      items: ReadonlyArray<{ coupon: NewCoupon; modelIds: readonly string[] }>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (const { coupon, modelIds } of items) {
          const [created] = await tx
            .insert(coupons)
            .values(coupon)
            .onConflictDoNothing({ target: coupons.id })
            .returning({ id: coupons.id })
          if (created && modelIds.length > 0) {
            await tx
              .insert(couponModels)
              .values(modelIds.map((modelId) => ({ couponId: created.id, modelId })))
              .onConflictDoNothing()
          }
        }
      })
    },

    /** The ids of the machine models of a series (the demo's model coupon). */
    async modelIdsOfSeries(seriesId: string): Promise<string[]> {
      const rows = await db
        .select({ id: machineModels.id })
        .from(machineModels)
        .where(eq(machineModels.seriesId, seriesId))
        .orderBy(asc(machineModels.id))
      return rows.map((row) => row.id)
    },

    /** The shop a machine stands in (the demo's shop coupon), or null. */
    async shopOfMachine(machineId: string): Promise<string | null> {
      const [row] = await db
        .select({ shopId: machines.shopId })
        .from(machines)
        .where(eq(machines.id, machineId))
      return row?.shopId ?? null
    },

    /** The account with this mail address (the demo members), or null. */
    async accountIdByMail(mailAddress: string): Promise<string | null> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.mailAddress, mailAddress))
      return row?.id ?? null
    },
  }
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>
