import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { OPERATOR_ROLES } from '../actor'

/**
 * The people of the team running PuriBox (decision 0069): not members, with their own accounts,
 * sessions and known browsers. An operator signs in with a password and, every time, a TOTP code
 * or one of their recovery codes (decision 0070).
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed at creation, the domain lower-cased; unique whatever the case. */
    mailAddress: text('mail_address').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    /** scrypt, as members' passwords (`auth/passwords.ts`). */
    passwordHash: text('password_hash').notNull(),
    /**
     * The TOTP secret (base32) the operator's authenticator app holds. Kept as it is: checking a code
     * needs it, so it cannot be hashed; it is shown once, when the operator is made or reset.
     */
    totpSecret: text('totp_secret').notNull(),
    /** The time step (30 s) of the last code accepted: a code of it or an earlier one never works again. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set when the operator may no longer sign in; their sessions ended with it. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operators_mail_address_idx').on(sql`lower(${t.mailAddress})`),
    check('operators_role', sql`${t.role} in ('viewer', 'support', 'editor', 'admin')`),
  ],
)

/** Ten per operator, shown once; only a hash is kept, and each works once (`usedAt`). */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.codeHash] })],
)

/**
 * The console's sessions, apart from members': the cookie holds a random 256-bit id, only its
 * SHA-256 is kept. One ends 30 minutes after its last request, and 12 hours after sign-in in any case.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('operator_sessions_operator_idx').on(t.operatorId),
    index('operator_sessions_expires_idx').on(t.expiresAt),
  ],
)

/**
 * Browsers an operator has signed in from (their device cookie's hash, as members' `sign_in_devices`):
 * strangers' failed sign-ins never hold such a browser back (decision 0056).
 */
export const operatorSignInDevices = pgTable(
  'operator_sign_in_devices',
  {
    tokenHash: text('token_hash').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.operatorId] }),
    index('operator_sign_in_devices_operator_idx').on(t.operatorId),
    index('operator_sign_in_devices_last_used_idx').on(t.lastUsedAt),
  ],
)
