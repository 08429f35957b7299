import type { PolicyKind } from '@puribox/contract/policies'
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'
import { sessions } from '../sessions/sessions.schema'

// External sign-in: LINE, Twitter and carriers through the auth service (decision 0008).

export const externalProviders = ['line', 'twitter', 'au', 'docomo', 'softbank'] as const

/**
 * A sign-in identity at the auth service, linked to one account: `subject` is the ID token's `sub`
 * for that `provider`. One identity per provider per account (switching LINE replaces it).
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    provider: text('provider', { enum: externalProviders }).notNull(),
    subject: text('subject').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    uniqueIndex('external_identities_account_provider_idx').on(t.accountId, t.provider),
  ],
)

/**
 * A sign-in, registration or link waiting for the auth service's answer. Keyed by the hash of the
 * OIDC `state`, bound to the browser's session, used once (deleted when the answer comes), short-lived.
 * Where to end (`onSuccess`, `onFailure`) is kept here, never sent to the auth service.
 */
export const externalAuthFlows = pgTable(
  'external_auth_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    sessionHash: text('session_hash')
      .notNull()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['LOGIN', 'REGISTER', 'LINK', 'SWITCH'] }).notNull(),
    provider: text('provider', { enum: externalProviders }).notNull(),
    /** The account that links (LINK, SWITCH); null for sign-in and registration. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    onSuccess: text('on_success').notNull(),
    onFailure: text('on_failure').notNull(),
    /**
     * The policy versions the person agreed to on the page that started a sign-in or registration
     * (checked then: every kind, in its latest version); recorded when the flow signs an account in.
     * Null when nothing was agreed there.
     */
    agreedPolicies: jsonb('agreed_policies').$type<{ kind: PolicyKind; version: string }[]>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('external_auth_flows_expires_idx').on(t.expiresAt)],
)

/** Members who said no to the "link LINE" recommendation (`/sp/2/link/line/skip_recommendation`). */
export const lineRecommendationDeclines = pgTable('line_recommendation_declines', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  declinedAt: timestamp('declined_at', { withTimezone: true }).notNull(),
})
