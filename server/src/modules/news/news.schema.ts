import { NEWS_CATEGORIES } from '@puribox/contract/news-pages'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * A news item, shown from `publish_at` until `publish_until` (open-ended when null). Written by the
 * demo seed now and by the operator console later, through the news service, which checks the link
 * and the lengths. The body is plain text.
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
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    publishUntil: timestamp('publish_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_items_publish_at_idx').on(t.publishAt),
    check('news_items_category', sql`${t.category} in ('important', 'campaign', 'info')`),
    check('news_items_priority', sql`${t.priorityLevel} between 0 and 9`),
    check('news_items_link', sql`(${t.linkLabel} is null) = (${t.linkUrl} is null)`),
    check('news_items_window', sql`${t.publishUntil} is null or ${t.publishUntil} > ${t.publishAt}`),
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
