import type { BannerSpace } from '@puribox/contract/banners'
import { and, desc, eq, isNotNull, isNull, min, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type ChangeContext, changedFields, eventFields } from '../change'
import type { EventBus } from '../events'
import type { BannerStepEvent } from './banners.events'
import { type BannerRow, SHOWN_ORDER } from './banners.repository'
import { banners } from './banners.schema'

/** The fields of a banner an operator writes. */
export type BannerFields = Pick<BannerRow, 'html' | 'publishAt' | 'publishUntil'>

/** What a step does to a banner, decided from the banner as it is (locked) in the step's transaction. */
export interface BannerStepDecision {
  event: BannerStepEvent
  fields: Partial<BannerFields & { withdrawnAt: Date }>
}

/** The fields a new banner's event shows. */
const CREATED_FIELDS = [
  'spaceId',
  'html',
  'position',
  'publishAt',
  'publishUntil',
] as const satisfies ReadonlyArray<keyof BannerRow>

/**
 * What the operators' console writes about banners. Each change is one transaction that also emits
 * its event (`banners.events.ts`). Adding a banner and ordering a space take the space's lock for
 * their transaction, so two operators at once cannot both put a banner first, nor order a space
 * from a list that changed meanwhile.
 */
export function createBannersAdminRepository(db: Database, events: EventBus) {
  async function lockSpace(tx: Database, spaceId: BannerSpace): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banners:${spaceId}`}))`)
  }

  function current(executor: Database, spaceId: BannerSpace): Promise<BannerRow[]> {
    return executor
      .select()
      .from(banners)
      .where(and(eq(banners.spaceId, spaceId), isNull(banners.withdrawnAt)))
      .orderBy(...SHOWN_ORDER)
  }

  return {
    /** The space's banners not withdrawn, in the order a space shows them. */
    current: (spaceId: BannerSpace) => current(db, spaceId),

    /** The space's withdrawn banners, the last withdrawn first, at most `limit`. */
    async withdrawn(spaceId: BannerSpace, limit: number): Promise<BannerRow[]> {
      return db
        .select()
        .from(banners)
        .where(and(eq(banners.spaceId, spaceId), isNotNull(banners.withdrawnAt)))
        .orderBy(desc(banners.withdrawnAt), desc(banners.id))
        .limit(limit)
    },

    async find(id: string): Promise<BannerRow | null> {
      const [row] = await db.select().from(banners).where(eq(banners.id, id))
      return row ?? null
    },

    /** Stores a banner (checked and sanitised by the service) first in its space's order, with its event. */
    async create(spaceId: BannerSpace, fields: BannerFields, change: ChangeContext): Promise<BannerRow> {
      return db.transaction(async (tx) => {
        await lockSpace(tx, spaceId)
        const [first] = await tx
          .select({ position: min(banners.position) })
          .from(banners)
          .where(and(eq(banners.spaceId, spaceId), isNull(banners.withdrawnAt)))
        const position = first?.position === null || first?.position === undefined ? 0 : first.position - 1
        const [row] = await tx
          .insert(banners)
          .values({ ...fields, spaceId, position, createdAt: change.at, updatedAt: change.at })
          .returning()
        await events.emit(tx, 'banner.created', {
          ...change,
          target: { kind: 'banner', id: row!.id },
          after: eventFields(row!, CREATED_FIELDS),
          payload: { bannerId: row!.id, spaceId },
        })
        return row!
      })
    },

    /**
     * Changes one banner: locks it, lets `decide` say from the banner as it is what changes (or
     * throw, which changes nothing), writes that with its event. Null when no banner has the id; a
     * step that changes no field writes nothing and tells no one.
     */
    async step(
      id: string,
      change: ChangeContext,
      decide: (row: BannerRow) => BannerStepDecision,
    ): Promise<BannerRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update')
        if (!row) return null
        const { event, fields } = decide(row)
        const changed = changedFields(row, fields)
        if (!changed) return row
        const [updated] = await tx
          .update(banners)
          .set({ ...fields, updatedAt: change.at })
          .where(eq(banners.id, id))
          .returning()
        await events.emit(tx, event, {
          ...change,
          target: { kind: 'banner', id },
          ...changed,
          payload: { bannerId: id, spaceId: row.spaceId },
        })
        return updated!
      })
    },

    /**
     * Puts the space's banners in the order of `ids`, which must be exactly its banners not
     * withdrawn ('stale' otherwise: the list changed since the operator read it). The same order
     * again writes nothing and tells no one.
     */
    async order(
      spaceId: BannerSpace,
      ids: readonly string[],
      change: ChangeContext,
    ): Promise<'stale' | 'ordered'> {
      return db.transaction(async (tx) => {
        await lockSpace(tx, spaceId)
        const rows = await current(tx, spaceId)
        const was = rows.map((row) => row.id)
        const given = new Set(ids)
        if (given.size !== ids.length || ids.length !== was.length || was.some((id) => !given.has(id))) {
          return 'stale'
        }
        if (ids.every((id, index) => was[index] === id)) return 'ordered'
        for (const [position, id] of ids.entries()) {
          await tx.update(banners).set({ position, updatedAt: change.at }).where(eq(banners.id, id))
        }
        await events.emit(tx, 'banner.ordered', {
          ...change,
          target: { kind: 'banner-space', id: spaceId },
          before: { order: was },
          after: { order: [...ids] },
          payload: { spaceId },
        })
        return 'ordered'
      })
    },
  }
}

export type BannersAdminRepository = ReturnType<typeof createBannersAdminRepository>
