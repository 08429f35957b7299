import type { BannerSpace } from '@puribox/contract/banners'
import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { banners } from './banners.schema'

export type BannerRow = typeof banners.$inferSelect
export type NewBanner = typeof banners.$inferInsert

/** Which of a space's banners comes first: its place in the order, its priority, its start. */
export const SHOWN_ORDER = [
  asc(banners.position),
  desc(banners.priorityLevel),
  desc(banners.publishAt),
  desc(banners.id),
] as const

export function createBannersRepository(db: Database) {
  return {
    /**
     * The banner a space shows at `now`, or null: of those within their window and not withdrawn,
     * the first in the space's order, then the highest priority, then the latest published.
     */
    async shownIn(spaceId: BannerSpace, now: Date): Promise<BannerRow | null> {
      const [row] = await db
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.spaceId, spaceId),
            lte(banners.publishAt, now),
            or(isNull(banners.publishUntil), gt(banners.publishUntil, now)),
            isNull(banners.withdrawnAt),
          ),
        )
        .orderBy(...SHOWN_ORDER)
        .limit(1)
      return row ?? null
    },

    /** Stores a banner (its HTML sanitised by the service). */
    async create(banner: NewBanner): Promise<BannerRow> {
      const [row] = await db.insert(banners).values(banner).returning()
      return row!
    },

    /** Stores the banners whose ids are not there yet; one that exists stays as it is. */
    async createMissing(rows: readonly NewBanner[]): Promise<void> {
      if (rows.length === 0) return
      await db
        .insert(banners)
        .values([...rows])
        .onConflictDoNothing({ target: banners.id })
    },
  }
}

export type BannersRepository = ReturnType<typeof createBannersRepository>
