import type { NewsState } from '@puribox/contract/admin-news'
import { and, desc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type ChangeContext, changedFields, eventFields } from '../change'
import type { EventBus } from '../events'
import type { NewsEventName } from './news.events'
import type { NewNewsItem, NewsItemRow } from './news.repository'
import { newsItems } from './news.schema'

/** The fields of an item an operator writes (its id and times of writing are the database's). */
export type NewsFields = Pick<
  NewNewsItem,
  'category' | 'title' | 'body' | 'linkLabel' | 'linkUrl' | 'priorityLevel' | 'publishAt' | 'publishUntil'
> & { withdrawnAt?: Date | null }

/** What a step does to an item, decided from the item as it is (locked) in the step's transaction. */
export interface NewsStepDecision {
  event: Exclude<NewsEventName, 'news.draft-created'>
  fields: Partial<NewsFields>
}

/** The items in `state` at `now`, as SQL (the same rule as `newsStateAt`). */
function inState(state: NewsState, now: Date): SQL | undefined {
  const live = isNull(newsItems.withdrawnAt)
  switch (state) {
    case 'draft':
      return and(live, isNull(newsItems.publishAt))
    case 'scheduled':
      return and(live, gt(newsItems.publishAt, now))
    case 'published':
      return and(
        live,
        lte(newsItems.publishAt, now),
        or(isNull(newsItems.publishUntil), gt(newsItems.publishUntil, now)),
      )
    case 'ended':
      return and(live, lte(newsItems.publishAt, now), lte(newsItems.publishUntil, now))
    case 'withdrawn':
      return isNotNull(newsItems.withdrawnAt)
  }
}

/** The state of an item at `now`. */
export function newsStateAt(row: NewsItemRow, now: Date): NewsState {
  if (row.withdrawnAt !== null) return 'withdrawn'
  if (row.publishAt === null) return 'draft'
  if (row.publishAt.getTime() > now.getTime()) return 'scheduled'
  if (row.publishUntil !== null && row.publishUntil.getTime() <= now.getTime()) return 'ended'
  return 'published'
}

/** The fields a new draft's event shows. */
const CREATED_FIELDS = [
  'category',
  'title',
  'body',
  'linkLabel',
  'linkUrl',
  'priorityLevel',
  'publishUntil',
] as const satisfies ReadonlyArray<keyof NewsItemRow>

/**
 * What the operators' console writes about news. Each change is one transaction that also emits
 * its event (`news.events.ts`) with the changed fields before and after, so the audit log records
 * it with the change or not at all.
 */
export function createNewsAdminRepository(db: Database, events: EventBus) {
  return {
    /**
     * Items newest written first (of one state at `now`, or all), after the item `after` of the
     * previous page; one more than `limit`, so the caller knows whether a next page exists.
     */
    async list(query: {
      state?: NewsState | undefined
      now: Date
      after?: string | undefined
      limit: number
    }) {
      const conditions: Array<SQL | undefined> = []
      if (query.state) conditions.push(inState(query.state, query.now))
      if (query.after) {
        // Compared with the row itself, so the database's own precision of `created_at` decides.
        conditions.push(
          sql`(${newsItems.createdAt}, ${newsItems.id}) < (select n.created_at, n.id from news_items n where n.id = ${query.after})`,
        )
      }
      return db
        .select()
        .from(newsItems)
        .where(and(...conditions))
        .orderBy(desc(newsItems.createdAt), desc(newsItems.id))
        .limit(query.limit + 1)
    },

    async find(id: string): Promise<NewsItemRow | null> {
      const [row] = await db.select().from(newsItems).where(eq(newsItems.id, id))
      return row ?? null
    },

    /** Stores a new draft (checked by the service) with its event. */
    async createDraft(fields: NewsFields, change: ChangeContext): Promise<NewsItemRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsItems)
          .values({ ...fields, createdAt: change.at, updatedAt: change.at })
          .returning()
        await events.emit(tx, 'news.draft-created', {
          ...change,
          target: { kind: 'news', id: row!.id },
          after: eventFields(row!, CREATED_FIELDS),
          payload: { newsId: row!.id },
        })
        return row!
      })
    },

    /**
     * Takes one step with the item: locks it, lets `decide` say from the item as it is what changes
     * (or throw, which changes nothing), writes that with its event. Null when no item has the id;
     * a step that changes no field writes nothing and tells no one.
     */
    async step(
      id: string,
      change: ChangeContext,
      decide: (row: NewsItemRow) => NewsStepDecision,
    ): Promise<NewsItemRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(newsItems).where(eq(newsItems.id, id)).for('update')
        if (!row) return null
        const { event, fields } = decide(row)
        const changed = changedFields(row, fields)
        if (!changed) return row
        const [updated] = await tx
          .update(newsItems)
          .set({ ...fields, updatedAt: change.at })
          .where(eq(newsItems.id, id))
          .returning()
        await events.emit(tx, event, {
          ...change,
          target: { kind: 'news', id },
          ...changed,
          payload: { newsId: id },
        })
        return updated!
      })
    },
  }
}

export type NewsAdminRepository = ReturnType<typeof createNewsAdminRepository>
