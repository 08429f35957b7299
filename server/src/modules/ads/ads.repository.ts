import type { AdReactionKind } from '@puribox/contract/ads'
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { EventEnvelope } from '../events'
import { adReactionCounts, adReactions, adSpaces, advertisements } from './ads.schema'

export type AdRow = typeof advertisements.$inferSelect
export type NewAd = Omit<typeof advertisements.$inferInsert, 'id' | 'createdAt'>
export type AdSpaceRow = typeof adSpaces.$inferSelect

/**
 * Who is looking, as targeting sees it: a junior-high free premium member is shown what premium
 * members are (decision 0047).
 */
export interface Audience {
  membership: 'GUEST' | 'MINI' | 'PREMIUM'
  /** 25 or over on "now" (a guest, or a member without a birthday, is not). */
  over25: boolean
}

/** The ads running at `now` that are meant for `audience` (a draft has no start; a withdrawn ad runs no more). */
function shownTo(audience: Audience, now: Date): SQL {
  const membership = {
    GUEST: advertisements.forGuests,
    MINI: advertisements.forMini,
    PREMIUM: advertisements.forPremium,
  }[audience.membership]
  return and(
    eq(membership, true),
    or(
      eq(advertisements.ageTarget, 'ALL'),
      eq(advertisements.ageTarget, audience.over25 ? 'OVER_25' : 'UNDER_25'),
    ),
    lte(advertisements.startsAt, now),
    or(isNull(advertisements.endsAt), gt(advertisements.endsAt, now)),
    isNull(advertisements.withdrawnAt),
  )!
}

export function createAdsRepository(db: Database) {
  return {
    /** An account deleted: who it was on the reactions goes (the counts stay: they name no one). */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(adReactions).where(eq(adReactions.accountId, event.payload.accountId))
    },

    /** Each placement of the web app and the space that fills it. */
    async placements(): Promise<Array<{ placement: string; spaceId: string }>> {
      const rows = await db
        .select({ placement: adSpaces.placement, spaceId: adSpaces.id })
        .from(adSpaces)
        .where(isNotNull(adSpaces.placement))
      return rows.map((row) => ({ placement: row.placement!, spaceId: row.spaceId }))
    },

    /** The ads of a space shown to `audience` now: highest priority first, then the newest. */
    async shownIn(spaceId: string, audience: Audience, now: Date, limit: number): Promise<AdRow[]> {
      return db
        .select()
        .from(advertisements)
        .where(and(eq(advertisements.spaceId, spaceId), shownTo(audience, now)))
        .orderBy(desc(advertisements.priority), desc(advertisements.startsAt), asc(advertisements.id))
        .limit(limit)
    },

    /** The ad, when it is shown to `audience` now; null otherwise (unknown, not running, not for them). */
    async findShown(adId: number, audience: Audience, now: Date): Promise<AdRow | null> {
      const [row] = await db
        .select()
        .from(advertisements)
        .where(and(eq(advertisements.id, adId), shownTo(audience, now)))
        .limit(1)
      return row ?? null
    },

    /**
     * Records that `viewer` reacted to the ad on `day`; the first time it counts (one more for the
     * ad, kind and day), any later time changes nothing. Answers whether it counted.
     */
    async recordReaction(reaction: {
      adId: number
      kind: AdReactionKind
      day: string
      viewer: string
      accountId: string | null
      now: Date
    }): Promise<boolean> {
      const { adId, kind, day, viewer, accountId, now } = reaction
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(adReactions)
          .values({ adId, kind, day, viewer, accountId, createdAt: now })
          .onConflictDoNothing()
          .returning({ adId: adReactions.adId })
        if (inserted.length === 0) return false
        await tx
          .insert(adReactionCounts)
          .values({ adId, kind, day, count: 1 })
          .onConflictDoUpdate({
            target: [adReactionCounts.adId, adReactionCounts.kind, adReactionCounts.day],
            set: { count: sql`${adReactionCounts.count} + 1` },
          })
        return true
      })
    },

    /** The counts of an ad, by day and kind (oldest day first). */
    async countsOf(adId: number): Promise<Array<{ day: string; kind: AdReactionKind; count: number }>> {
      return db
        .select({ day: adReactionCounts.day, kind: adReactionCounts.kind, count: adReactionCounts.count })
        .from(adReactionCounts)
        .where(eq(adReactionCounts.adId, adId))
        .orderBy(asc(adReactionCounts.day), asc(adReactionCounts.kind))
    },

    /** Housekeeping: who reacted before `day` is no longer needed to count once a day. */
    async dropReactionsBefore(day: string): Promise<number> {
      const dropped = await db
        .delete(adReactions)
        .where(lt(adReactions.day, day))
        .returning({ adId: adReactions.adId })
      return dropped.length
    },

    /** A space; an existing one (by id) is left as it is. */
    async createSpace(space: { id: string; name: string; placement?: string | null }): Promise<void> {
      await db
        .insert(adSpaces)
        .values({ id: space.id, name: space.name, placement: space.placement ?? null })
        .onConflictDoNothing()
    },

    /** An ad; one with the same conversion id already there is left as it is (null then). */
    async createAd(ad: NewAd): Promise<AdRow | null> {
      const [row] = await db.insert(advertisements).values(ad).onConflictDoNothing().returning()
      return row ?? null
    },
  }
}

export type AdsRepository = ReturnType<typeof createAdsRepository>
