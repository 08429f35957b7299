import { POLICY_KINDS } from '@puribox/contract/policies'
import { sql } from 'drizzle-orm'
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * A published version of a policy. The latest per kind (by `published_at`) is the one members must
 * have agreed to; publishing a new version asks everyone again. Never deleted while agreed to.
 */
export const policyDocuments = pgTable(
  'policy_documents',
  {
    kind: text('kind', { enum: POLICY_KINDS }).notNull(),
    version: text('version').notNull(),
    /** The full text, a page of the site. */
    url: text('url').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.version] }),
    index('policy_documents_latest_idx').on(t.kind, t.publishedAt),
    check('policy_documents_kind', sql`${t.kind} in ('furyu', 'puribox')`),
  ],
)

/**
 * That an account agreed to a version of a policy, and when. One row per version agreed: the history
 * is kept, never overwritten, and agreeing again to the same version keeps the first time.
 */
export const policyAgreements = pgTable(
  'policy_agreements',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: POLICY_KINDS }).notNull(),
    version: text('version').notNull(),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.kind, t.version] }),
    foreignKey({
      name: 'policy_agreements_document_fk',
      columns: [t.kind, t.version],
      foreignColumns: [policyDocuments.kind, policyDocuments.version],
    }),
  ],
)
