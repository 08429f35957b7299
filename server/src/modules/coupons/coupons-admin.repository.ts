import type { CouponState } from '@puribox/contract/admin-coupons'
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accounts } from '../accounts/accounts.schema'
import { machineModels, shops } from '../booth/booth.schema'
import { type ChangeContext, changedFields, eventFields } from '../change'
import type { EventBus } from '../events'
import type { CouponEventName } from './coupons.events'
import type { CouponRow, NewCoupon, TicketRow } from './coupons.repository'
import { couponModels, coupons, couponTickets } from './coupons.schema'

/** The fields of a coupon an editor writes (its id and times of writing are the database's). */
export type CouponFields = Pick<
  NewCoupon,
  | 'title'
  | 'benefit'
  | 'conditions'
  | 'grant'
  | 'validDays'
  | 'scope'
  | 'shopId'
  | 'startsAt'
  | 'endsAt'
  | 'publishedAt'
  | 'withdrawnAt'
>

/** A coupon with its shop and models, as the console shows it. */
export interface CouponRecord {
  coupon: CouponRow
  shop: { id: string; name: string; prefectureName: string; address: string } | null
  models: Array<{ id: string; name: string }>
}

/** What a step does to a coupon, decided from the coupon as it is (locked) in the step's transaction. */
export interface CouponStepDecision {
  event: Exclude<CouponEventName, 'coupons.draft-created'>
  fields: Partial<CouponFields>
  /** The models it applies to from now on; absent: as they are. */
  modelIds?: readonly string[]
}

/** The member a ticket would go to, with the ticket of the coupon they hold (if any). */
export interface RecipientRecord {
  accountId: string
  mailAddress: string | null
  premiumUntil: Date | null
  schoolPremiumUntil: Date | null
  registeredAt: Date
  ticket: TicketRow | null
}

/** The ticket to give, but its code and the coupon, which the giving adds. */
export interface GivenTicket {
  accountId: string
  grantedAt: Date
  validFrom: Date
  validUntil: Date
}

/** The coupons in `state` at `now`, as SQL (the same rule as `couponStateAt`). */
function inState(state: CouponState, now: Date): SQL | undefined {
  const live = and(isNotNull(coupons.publishedAt), isNull(coupons.withdrawnAt))
  switch (state) {
    case 'draft':
      return isNull(coupons.publishedAt)
    case 'withdrawn':
      return isNotNull(coupons.withdrawnAt)
    case 'scheduled':
      return and(live, gt(coupons.startsAt, now))
    case 'published':
      return and(live, lte(coupons.startsAt, now), or(isNull(coupons.endsAt), gt(coupons.endsAt, now)))
    case 'ended':
      return and(live, lte(coupons.endsAt, now))
  }
}

/** Where a coupon is at `now` (the contract's COUPON_STATES says each). */
export function couponStateAt(row: CouponRow, now: Date): CouponState {
  if (row.withdrawnAt !== null) return 'withdrawn'
  if (row.publishedAt === null) return 'draft'
  if (row.startsAt.getTime() > now.getTime()) return 'scheduled'
  if (row.endsAt !== null && row.endsAt.getTime() <= now.getTime()) return 'ended'
  return 'published'
}

/** The fields a coupon's events show (the models apart: `modelIds`). */
const EVENT_FIELDS = [
  'title',
  'benefit',
  'conditions',
  'grant',
  'validDays',
  'scope',
  'shopId',
  'startsAt',
  'endsAt',
] as const satisfies ReadonlyArray<keyof CouponRow>

/** A code may be taken (a one-in-10^11 chance per ticket): giving tries this many codes. */
const GIVE_ATTEMPTS = 3

/**
 * What the operators' console reads and writes of coupons (decision 0079). A coupon is read with
 * its shop and models (the booth module's tables, in joins); each change is one transaction that
 * also emits its event (`coupons.events.ts`), so the audit log records it with the change or not at
 * all.
 */
export function createCouponsAdminRepository(db: Database, events: Pick<EventBus, 'emit'>) {
  async function withShopAndModels(tx: Database, rows: readonly CouponRow[]): Promise<CouponRecord[]> {
    const ids = rows.map((row) => row.id)
    const shopIds = rows.flatMap((row) => (row.shopId === null ? [] : [row.shopId]))
    const [shopRows, modelRows] = await Promise.all([
      shopIds.length === 0
        ? []
        : tx
            .select({
              id: shops.id,
              name: shops.name,
              prefectureName: shops.prefectureName,
              address: shops.address,
            })
            .from(shops)
            .where(inArray(shops.id, shopIds)),
      ids.length === 0
        ? []
        : tx
            .select({ couponId: couponModels.couponId, id: machineModels.id, name: machineModels.name })
            .from(couponModels)
            .innerJoin(machineModels, eq(machineModels.id, couponModels.modelId))
            .where(inArray(couponModels.couponId, ids))
            .orderBy(asc(machineModels.id)),
    ])
    return rows.map((coupon) => ({
      coupon,
      shop: shopRows.find((shop) => shop.id === coupon.shopId) ?? null,
      models: modelRows
        .filter((model) => model.couponId === coupon.id)
        .map((model) => ({ id: model.id, name: model.name })),
    }))
  }

  async function replaceModels(tx: Database, couponId: string, modelIds: readonly string[]): Promise<void> {
    await tx.delete(couponModels).where(eq(couponModels.couponId, couponId))
    if (modelIds.length > 0) {
      await tx.insert(couponModels).values(modelIds.map((modelId) => ({ couponId, modelId })))
    }
  }

  async function modelIdsOf(tx: Database, couponId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: couponModels.modelId })
      .from(couponModels)
      .where(eq(couponModels.couponId, couponId))
      .orderBy(asc(couponModels.modelId))
    return rows.map((row) => row.id)
  }

  return {
    /**
     * Coupons newest written first (of one state at `now`, or all), after the coupon `after` of the
     * previous page; one more than `limit`, so the caller knows whether a next page exists.
     */
    async list(query: {
      state?: CouponState | undefined
      now: Date
      after?: string | undefined
      limit: number
    }): Promise<CouponRecord[]> {
      const conditions: Array<SQL | undefined> = []
      if (query.state) conditions.push(inState(query.state, query.now))
      if (query.after) {
        // Compared with the row itself, so the database's own precision of `created_at` decides.
        conditions.push(
          sql`(${coupons.createdAt}, ${coupons.id}) < (select c.created_at, c.id from coupons c where c.id = ${query.after})`,
        )
      }
      const rows = await db
        .select()
        .from(coupons)
        .where(and(...conditions))
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(query.limit + 1)
      return withShopAndModels(db, rows)
    },

    async find(id: string): Promise<CouponRecord | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id))
      return row ? ((await withShopAndModels(db, [row]))[0] ?? null) : null
    },

    /** How many tickets of the coupon members hold, and how many of them were used. */
    async ticketCounts(couponId: string): Promise<{ given: number; used: number }> {
      const [row] = await db
        .select({ given: count(), used: count(couponTickets.usedAt) })
        .from(couponTickets)
        .where(eq(couponTickets.couponId, couponId))
      return { given: Number(row?.given ?? 0), used: Number(row?.used ?? 0) }
    },

    /** Whether a shop has this id. */
    async shopExists(shopId: string): Promise<boolean> {
      const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId))
      return row !== undefined
    },

    /** Which of these machine model ids exist. */
    async knownModelIds(modelIds: readonly string[]): Promise<Set<string>> {
      if (modelIds.length === 0) return new Set()
      const rows = await db
        .select({ id: machineModels.id })
        .from(machineModels)
        .where(inArray(machineModels.id, [...modelIds]))
      return new Set(rows.map((row) => row.id))
    },

    /** Stores a new draft (checked by the service) with its models and its event. */
    async createDraft(
      fields: CouponFields,
      modelIds: readonly string[],
      change: ChangeContext,
    ): Promise<CouponRecord> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({ ...fields, publishedAt: null, createdAt: change.at, updatedAt: change.at })
          .returning()
        await replaceModels(tx, row!.id, modelIds)
        await events.emit(tx, 'coupons.draft-created', {
          ...change,
          target: { kind: 'coupon', id: row!.id },
          after: { ...eventFields(row!, EVENT_FIELDS), modelIds: [...modelIds] },
          payload: { couponId: row!.id },
        })
        return (await withShopAndModels(tx, [row!]))[0]!
      })
    },

    /**
     * Takes one step with the coupon: locks it, lets `decide` say from the coupon as it is what
     * changes (or throw, which changes nothing), writes that with its event. Null when no coupon has
     * the id; a step that changes nothing writes nothing and tells no one.
     */
    async step(
      id: string,
      change: ChangeContext,
      decide: (row: CouponRow) => CouponStepDecision,
    ): Promise<CouponRecord | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update')
        if (!row) return null
        const { event, fields, modelIds } = decide(row)
        const storedModels = modelIds ? await modelIdsOf(tx, id) : []
        const after: Partial<CouponFields & { modelIds: string[] }> = modelIds
          ? { ...fields, modelIds: [...modelIds].sort() }
          : fields
        const changed = changedFields({ ...row, modelIds: storedModels }, after)
        if (!changed) return (await withShopAndModels(tx, [row]))[0]!
        const [updated] = await tx
          .update(coupons)
          .set({ ...fields, updatedAt: change.at })
          .where(eq(coupons.id, id))
          .returning()
        if (modelIds) await replaceModels(tx, id, modelIds)
        await events.emit(tx, event, {
          ...change,
          target: { kind: 'coupon', id },
          ...changed,
          payload: { couponId: id },
        })
        return (await withShopAndModels(tx, [updated!]))[0]!
      })
    },

    /** The member by account id with the ticket of the coupon they hold; null when there is no such account. */
    async recipient(couponId: string, accountId: string): Promise<RecipientRecord | null> {
      const [row] = await db
        .select({
          accountId: accounts.id,
          mailAddress: accounts.mailAddress,
          premiumUntil: accounts.premiumUntil,
          schoolPremiumUntil: accounts.schoolPremiumUntil,
          registeredAt: accounts.registeredAt,
          ticket: couponTickets,
        })
        .from(accounts)
        .leftJoin(
          couponTickets,
          and(eq(couponTickets.accountId, accounts.id), eq(couponTickets.couponId, couponId)),
        )
        .where(eq(accounts.id, accountId))
        .orderBy(desc(couponTickets.grantedAt))
        .limit(1)
      return row ?? null
    },

    /**
     * Gives the member a ticket of the coupon, under the coupon's lock: `decide` says from the coupon
     * as it is whether it may be given and with what validity (or throws, which changes nothing).
     * Answers `no-coupon`, `no-account`, `held` (the member has a ticket of it already), or the
     * ticket given, whose event is emitted in the same transaction.
     */
    async give(
      couponId: string,
      accountId: string,
      change: ChangeContext,
      decide: (row: CouponRow) => GivenTicket,
      newCode: () => string,
    ): Promise<'no-coupon' | 'no-account' | 'held' | TicketRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update')
        if (!row) return 'no-coupon'
        const ticket = decide(row)
        const [account] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.id, accountId))
        if (!account) return 'no-account'
        for (let attempt = 0; attempt < GIVE_ATTEMPTS; attempt++) {
          const [stored] = await tx
            .insert(couponTickets)
            .values({ ...ticket, couponId, period: '', code: newCode() })
            .onConflictDoNothing()
            .returning()
          if (stored) {
            await events.emit(tx, 'coupons.ticket-given', {
              ...change,
              target: { kind: 'account', id: accountId },
              after: {
                couponId,
                couponTitle: row.title,
                ...eventFields(stored, ['validFrom', 'validUntil']),
              },
              payload: { couponId, accountId, ticketId: stored.id },
            })
            return stored
          }
          // Nothing stored: the member has a ticket of it already, or the code was taken: try another.
          const [held] = await tx
            .select({ id: couponTickets.id })
            .from(couponTickets)
            .where(
              and(
                eq(couponTickets.accountId, accountId),
                eq(couponTickets.couponId, couponId),
                eq(couponTickets.period, ''),
              ),
            )
          if (held) return 'held'
        }
        throw new Error('no free ticket code after several tries')
      })
    },
  }
}

export type CouponsAdminRepository = ReturnType<typeof createCouponsAdminRepository>
