import type { NewsCategory } from '@puribox/contract/news-pages'
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { EventEnvelope } from '../events'
import { newsItems, newsReads } from './news.schema'

export type NewsItemRow = typeof newsItems.$inferSelect
export type NewNewsItem = typeof newsItems.$inferInsert
/** An item members see: it has been published. */
export type PublishedNewsRow = NewsItemRow & { publishAt: Date; read: boolean }

/**
 * Published at `now`: from `publish_at` (included) until `publish_until` (excluded), and not
 * withdrawn. A draft (no `publish_at`) never is; a scheduled item is from its time on.
 */
function publishedAt(now: Date) {
  return and(
    lte(newsItems.publishAt, now),
    or(isNull(newsItems.publishUntil), gt(newsItems.publishUntil, now)),
    isNull(newsItems.withdrawnAt),
  )
}

export function createNewsRepository(db: Database) {
  return {
    /** An account deleted: what it read goes (the news stay). */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(newsReads).where(eq(newsReads.accountId, event.payload.accountId))
    },

    /**
     * The items published at `now` (of one category, or all), the highest priority first, the newest
     * first within a priority, at most `count`; each with whether `accountId` read it.
     */
    async published(options: {
      now: Date
      category: NewsCategory | null
      count: number
      accountId: string | null
    }): Promise<PublishedNewsRow[]> {
      const { now, category, count, accountId } = options
      const read =
        accountId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${newsReads} where ${newsReads.newsId} = ${newsItems.id} and ${newsReads.accountId} = ${accountId})`
      return db
        .select({ item: newsItems, read })
        .from(newsItems)
        .where(and(publishedAt(now), category === null ? undefined : eq(newsItems.category, category)))
        .orderBy(desc(newsItems.priorityLevel), desc(newsItems.publishAt), asc(newsItems.id))
        .limit(count)
        .then((rows) =>
          rows.map((row) => ({
            ...row.item,
            publishAt: row.item.publishAt as Date,
            read: Boolean(row.read),
          })),
        )
    },

    /** Whether an item with this id is published at `now`. */
    async isPublished(id: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: newsItems.id })
        .from(newsItems)
        .where(and(eq(newsItems.id, id), publishedAt(now)))
      return row !== undefined
    },

    /** The member opened the item; the first time is kept. */
    async markRead(accountId: string, newsId: string, readAt: Date): Promise<void> {
      await db.insert(newsReads).values({ accountId, newsId, readAt }).onConflictDoNothing()
    },

    /** Stores a new item (checked by the service). */
    async create(item: NewNewsItem): Promise<NewsItemRow> {
      const [row] = await db.insert(newsItems).values(item).returning()
      return row!
    },

    /** Stores the items whose ids are not there yet; an item that exists (edited, perhaps) stays as it is. */
    async createMissing(items: readonly NewNewsItem[]): Promise<void> {
      if (items.length === 0) return
      await db
        .insert(newsItems)
        .values([...items])
        .onConflictDoNothing({ target: newsItems.id })
    },
  }
}

export type NewsRepository = ReturnType<typeof createNewsRepository>
