import { INFORMATION_PAGES } from '@puribox/contract/pages'
import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

/**
 * A version of an information page (terms of service, privacy policy, …; decisions 0038 and 0078).
 * A version is never changed once published: a change is a new version, and the one published last
 * (up to now) is the one served. Operators write a new version as a draft (no `published_at`) and
 * publish it now or at a time to come (`published_at` ahead: members see it from then on). The body
 * is Markdown, turned into the contract's blocks when read.
 */
export const informationDocuments = pgTable(
  'information_documents',
  {
    page: text('page', { enum: INFORMATION_PAGES }).notNull(),
    /** The publisher's label, e.g. `2026-04-01` (printable ASCII, at most 64 characters). */
    version: text('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** When members see it from; null while it is a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The last change of a draft (or when it was published or scheduled). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
