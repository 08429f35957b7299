import type { AdState } from '@puribox/contract/admin-ads'
import type { AdReactionKind } from '@puribox/contract/ads'
import {
  and,
  asc,
  between,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { type ChangeContext, changedFields, eventFields } from '../change'
import type { EventBus } from '../events'
import type { AdEventName } from './ads.events'
import type { AdRow, AdSpaceRow, NewAd } from './ads.repository'
import { adReactionCounts, adSpaces, advertisements } from './ads.schema'

/** The fields of an ad an operator writes (its id and times of writing are the database's). */
export type AdFields = Omit<NewAd, 'spaceId' | 'withdrawnAt' | 'updatedAt'>

/** What a step does to an ad, decided from the ad as it is (locked) in the step's transaction. */
export interface AdStepDecision {
  event: AdEventName
  fields: Partial<AdFields & { withdrawnAt: Date | null }>
}

/** The ads in `state` at `now`, as SQL (the same rule as `adStateAt`). */
function inState(state: AdState, now: Date): SQL {
  const live = isNull(advertisements.withdrawnAt)
  switch (state) {
    case 'draft':
      return and(live, isNull(advertisements.startsAt))!
    case 'scheduled':
      return and(live, gt(advertisements.startsAt, now))!
    case 'published':
      return and(
        live,
        lte(advertisements.startsAt, now),
        or(isNull(advertisements.endsAt), gt(advertisements.endsAt, now)),
      )!
    case 'ended':
      return and(live, lte(advertisements.startsAt, now), lte(advertisements.endsAt, now))!
    case 'withdrawn':
      return isNotNull(advertisements.withdrawnAt)
  }
}

/** The state of an ad at `now`. */
export function adStateAt(row: Pick<AdRow, 'startsAt' | 'endsAt' | 'withdrawnAt'>, now: Date): AdState {
  if (row.withdrawnAt !== null) return 'withdrawn'
  if (row.startsAt === null) return 'draft'
  if (row.startsAt.getTime() > now.getTime()) return 'scheduled'
  if (row.endsAt !== null && row.endsAt.getTime() <= now.getTime()) return 'ended'
  return 'published'
}

/** The fields a new draft's event shows (the picture by its path; an inline one is long, but it is what it is). */
const CREATED_FIELDS = [
  'conversionId',
  'name',
  'title',
  'text',
  'linkType',
  'linkUrl',
  'mediaType',
  'mediaUrl',
  'forGuests',
  'forMini',
  'forPremium',
  'ageTarget',
  'priority',
  'endsAt',
] as const satisfies ReadonlyArray<keyof AdRow>

/** One lock for every change of which space fills a spot, so two moves at once cannot both take it. */
const PLACEMENT_LOCK = 'ads:placements'

export type SpaceCounts = Record<AdState, number>

/**
 * What the operators' console reads and writes of ads and their spaces. Each change is one
 * transaction that also emits its event (`ads.events.ts`) with the changed fields before and after,
 * so the audit log records it with the change or not at all.
 */
export function createAdsAdminRepository(db: Database, events: EventBus) {
  return {
    /** Every space: those filling a spot of the web app first, then by id. */
    async spaces(): Promise<AdSpaceRow[]> {
      return db
        .select()
        .from(adSpaces)
        .orderBy(sql`${adSpaces.placement} is null`, asc(adSpaces.placement), asc(adSpaces.id))
    },

    async findSpace(id: string): Promise<AdSpaceRow | null> {
      const [row] = await db.select().from(adSpaces).where(eq(adSpaces.id, id))
      return row ?? null
    },

    /** How many ads of each space are in each state at `now` (a space with none is absent). */
    async countsBySpace(now: Date, spaceId?: string): Promise<Map<string, SpaceCounts>> {
      const count = (state: AdState) =>
        sql<number>`count(*) filter (where ${inState(state, now)})`.mapWith(Number)
      const rows = await db
        .select({
          spaceId: advertisements.spaceId,
          draft: count('draft'),
          scheduled: count('scheduled'),
          published: count('published'),
          ended: count('ended'),
          withdrawn: count('withdrawn'),
        })
        .from(advertisements)
        .where(spaceId === undefined ? undefined : eq(advertisements.spaceId, spaceId))
        .groupBy(advertisements.spaceId)
      return new Map(rows.map(({ spaceId: id, ...counts }) => [id, counts]))
    },

    /** A new space with its event; null when one has the id already. */
    async createSpace(
      space: { id: string; name: string },
      change: ChangeContext,
    ): Promise<AdSpaceRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(adSpaces)
          .values({ id: space.id, name: space.name, placement: null, createdAt: change.at })
          .onConflictDoNothing()
          .returning()
        if (!row) return null
        await events.emit(tx, 'ads.space-created', {
          ...change,
          target: { kind: 'ad-space', id: row.id },
          after: eventFields(row, ['name', 'placement']),
          payload: { spaceId: row.id },
        })
        return row
      })
    },

    /**
     * Changes a space's name or placement; a placement another space fills is taken from it in the
     * same transaction (the event's `after` says which as `placementTakenFrom`). Null when no space
     * has the id; a change of nothing writes nothing.
     */
    async changeSpace(
      id: string,
      fields: { name?: string; placement?: string | null },
      change: ChangeContext,
    ): Promise<AdSpaceRow | null> {
      return db.transaction(async (tx) => {
        if (fields.placement !== undefined)
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${PLACEMENT_LOCK}))`)
        const [row] = await tx.select().from(adSpaces).where(eq(adSpaces.id, id)).for('update')
        if (!row) return null
        const changed = changedFields(row, fields)
        if (!changed) return row
        if (fields.placement != null && fields.placement !== row.placement) {
          const taken = await tx
            .update(adSpaces)
            .set({ placement: null })
            .where(and(eq(adSpaces.placement, fields.placement), ne(adSpaces.id, id)))
            .returning({ id: adSpaces.id })
          if (taken[0]) changed.after.placementTakenFrom = taken[0].id
        }
        const [updated] = await tx.update(adSpaces).set(fields).where(eq(adSpaces.id, id)).returning()
        await events.emit(tx, 'ads.space-changed', {
          ...change,
          target: { kind: 'ad-space', id },
          ...changed,
          payload: { spaceId: id },
        })
        return updated!
      })
    },

    /**
     * A space's ads newest written first (of one state at `now`, or all), after the ad `after` of
     * the previous page; one more than `limit`, so the caller knows whether a next page exists. Ids
     * grow as ads are written, so the id alone orders them.
     */
    async list(query: {
      spaceId: string
      state?: AdState | undefined
      now: Date
      after?: number | undefined
      limit: number
    }): Promise<AdRow[]> {
      return db
        .select()
        .from(advertisements)
        .where(
          and(
            eq(advertisements.spaceId, query.spaceId),
            query.state ? inState(query.state, query.now) : undefined,
            query.after === undefined ? undefined : lt(advertisements.id, query.after),
          ),
        )
        .orderBy(desc(advertisements.id))
        .limit(query.limit + 1)
    },

    async find(id: number): Promise<AdRow | null> {
      const [row] = await db.select().from(advertisements).where(eq(advertisements.id, id))
      return row ?? null
    },

    /** Every reaction counted for each of the ads, all days together (an ad with none is absent). */
    async totals(adIds: readonly number[]): Promise<Map<number, Record<AdReactionKind, number>>> {
      const totals = new Map<number, Record<AdReactionKind, number>>()
      if (adIds.length === 0) return totals
      const rows = await db
        .select({
          adId: adReactionCounts.adId,
          kind: adReactionCounts.kind,
          count: sql<number>`sum(${adReactionCounts.count})`.mapWith(Number),
        })
        .from(adReactionCounts)
        .where(inArray(adReactionCounts.adId, [...adIds]))
        .groupBy(adReactionCounts.adId, adReactionCounts.kind)
      for (const row of rows) {
        const total = totals.get(row.adId) ?? { IMPRESSION: 0, CLICK: 0 }
        total[row.kind] = row.count
        totals.set(row.adId, total)
      }
      return totals
    },

    /** An ad's counts of the Japan days `from` to `to` (both included), by day and kind. */
    async reactionDays(
      adId: number,
      from: string,
      to: string,
    ): Promise<Array<{ day: string; kind: AdReactionKind; count: number }>> {
      return db
        .select({ day: adReactionCounts.day, kind: adReactionCounts.kind, count: adReactionCounts.count })
        .from(adReactionCounts)
        .where(and(eq(adReactionCounts.adId, adId), between(adReactionCounts.day, from, to)))
        .orderBy(asc(adReactionCounts.day))
    },

    /**
     * Stores a new draft (checked by the service) in its space with its event. `taken` when another
     * ad has its conversion id.
     */
    async createDraft(spaceId: string, fields: AdFields, change: ChangeContext): Promise<AdRow | 'taken'> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(advertisements)
          .values({ ...fields, spaceId, startsAt: null, createdAt: change.at, updatedAt: change.at })
          .onConflictDoNothing({ target: advertisements.conversionId })
          .returning()
        if (!row) return 'taken' as const
        await events.emit(tx, 'ads.draft-created', {
          ...change,
          target: { kind: 'ad', id: String(row.id) },
          after: { spaceId, ...eventFields(row, CREATED_FIELDS) },
          payload: { adId: row.id },
        })
        return row
      })
    },

    /**
     * Takes one step with the ad: locks it, lets `decide` say from the ad as it is what changes (or
     * throw, which changes nothing), writes that with its event. Null when no ad has the id; `taken`
     * when the change gives it another ad's conversion id; a step that changes no field writes
     * nothing and tells no one.
     */
    async step(
      id: number,
      change: ChangeContext,
      decide: (row: AdRow) => AdStepDecision,
    ): Promise<AdRow | 'taken' | null> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.select().from(advertisements).where(eq(advertisements.id, id)).for('update')
          if (!row) return null
          const { event, fields } = decide(row)
          const changed = changedFields(row, fields)
          if (!changed) return row
          const [updated] = await tx
            .update(advertisements)
            .set({ ...fields, updatedAt: change.at })
            .where(eq(advertisements.id, id))
            .returning()
          await events.emit(tx, event, {
            ...change,
            target: { kind: 'ad', id: String(id) },
            ...changed,
            payload: { adId: id },
          })
          return updated!
        })
      } catch (error) {
        // The only unique column a step may change is the conversion id.
        if (isUniqueViolation(error)) return 'taken'
        throw error
      }
    },
  }
}

export type AdsAdminRepository = ReturnType<typeof createAdsAdminRepository>
