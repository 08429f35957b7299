import { NEWS_CATEGORIES } from '@puribox/contract/news-pages'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * A news item, shown to members from `publish_at` until `publish_until` (open-ended when null), unless
 * withdrawn. A draft has no `publish_at` yet; a scheduled item's is still to come, and it appears at
 * that time with no job, since the members' list compares with "now". Written by the operators'
 * console (and the demo seed) through the news services, which check the link and the lengths. The
 * body is plain text.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category', { enum: NEWS_CATEGORIES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    linkLabel: text('link_label'),
    /** An `https:` address or a path of this site (decision 0040). */
    linkUrl: text('link_url'),
    /** 0 (ordinary) to 9: higher comes first. */
    priorityLevel: integer('priority_level').notNull().default(0),
    /** Null while the item is a draft. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishUntil: timestamp('publish_until', { withTimezone: true }),
    /** Set when an operator withdrew the item: members no longer see it, whatever its window. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_items_publish_at_idx').on(t.publishAt),
    // The console's list, newest first, a page at a time.
    index('news_items_created_idx').on(t.createdAt, t.id),
    check('news_items_category', sql`${t.category} in ('important', 'campaign', 'info')`),
    check('news_items_priority', sql`${t.priorityLevel} between 0 and 9`),
    check('news_items_link', sql`(${t.linkLabel} is null) = (${t.linkUrl} is null)`),
    check('news_items_window', sql`${t.publishUntil} is null or ${t.publishUntil} > ${t.publishAt}`),
    check('news_items_withdrawn', sql`${t.withdrawnAt} is null or ${t.publishAt} is not null`),
  ],
)

/** That a member opened a news item, and when (the first time). */
export const newsReads = pgTable(
  'news_reads',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    newsId: uuid('news_id')
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.newsId] })],
)
