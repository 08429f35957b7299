import { INFORMATION_PAGES } from '@puribox/contract/pages'
import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

/**
 * A published version of an information page (terms of service, privacy policy, …; decision 0038).
 * A version is never changed once published: a change is a new version, and the one published last
 * is the one served. The body is Markdown, turned into the contract's blocks when read.
 */
export const informationDocuments = pgTable(
  'information_documents',
  {
    page: text('page', { enum: INFORMATION_PAGES }).notNull(),
    /** The publisher's label, e.g. `2026-04-01` (printable ASCII, at most 64 characters). */
    version: text('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.page, t.version] }),
    index('information_documents_latest_idx').on(t.page, t.publishedAt),
    check(
      'information_documents_page',
      sql.raw(`page in (${INFORMATION_PAGES.map((page) => `'${page}'`).join(', ')})`),
    ),
  ],
)
