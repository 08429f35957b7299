import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * A mail address being proved, for registration: the mail carries a 6-digit code and a link
 * (token). Only hashes are stored. The code or the link verifies it for the session that uses it;
 * registering consumes it. Wrong codes count: too many and it is dead.
 */
export const mailVerifications = pgTable(
  'mail_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailAddress: text('mail_address').notNull(),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** A member adding or changing their address: the account it is for. Null for a registration. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** Hash of the session that proved the address (by code or link); only it may register. */
    verifiedSessionHash: text('verified_session_hash'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_verifications_mail_idx').on(t.mailAddress),
    index('mail_verifications_expires_idx').on(t.expiresAt),
  ],
)

/**
 * A forgotten password being reset by mail (decision 0035): the mail carries a 6-digit code and a
 * link (token), only their hashes are stored. Every request makes a row, whether or not the address
 * has an account with a password (`accountId` null then, and no code of it was ever sent), so the
 * steps after it behave alike for both. The code or the link proves the reset for the session that
 * uses it; choosing the password consumes it. Wrong codes count: too many and it is locked.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailAddress: text('mail_address').notNull(),
    /** The account whose password it resets; null when the address has none with a password. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Hash of the session that proved the reset (by code or link); only it may choose the password. */
    verifiedSessionHash: text('verified_session_hash'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** A password was set with it, or with another reset of the same account. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_mail_idx').on(t.mailAddress),
    index('password_resets_account_idx').on(t.accountId),
    index('password_resets_expires_idx').on(t.expiresAt),
  ],
)

/**
 * Browsers that have signed in to an account with its password: their `pbx_device` cookie (a random
 * token; only its hash is kept) is a key the account's owner carries. Strangers' wrong passwords
 * slow down sign-ins to the account from other browsers, never from one of these, so nobody can lock
 * an owner out of their own phone. One browser may be known to several accounts (a row each). A
 * row unused for a year goes; deleting the account takes its rows.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.accountId] }),
    index('sign_in_devices_account_idx').on(t.accountId),
    index('sign_in_devices_last_used_idx').on(t.lastUsedAt),
  ],
)
