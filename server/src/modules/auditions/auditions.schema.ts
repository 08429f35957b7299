import { AUDITION_CHECK_STATES } from '@puribox/contract/auditions'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * An audition (decision 0049): a casting call PuriBox runs with a partner for members whose age on
 * "now" is between `min_age` and `max_age` (both included), taking applications from `opens_at`
 * until `closes_at`. Its id is the audition's id at the identity verifier.
 */
export const auditions = pgTable(
  'auditions',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    organizer: text('organizer').notNull(),
    /** Plain text. */
    description: text('description').notNull(),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('auditions_id', sql`${t.id} ~ '^[a-z0-9][a-z0-9-]{0,63}$'`),
    check('auditions_ages', sql`${t.minAge} between 0 and 120 and ${t.maxAge} between ${t.minAge} and 120`),
    check('auditions_window', sql`${t.closesAt} > ${t.opensAt}`),
  ],
)

/**
 * A member's identity check for an audition: one session at the verifier. PENDING until the
 * verifier's outcome is read (server to server), then final: the state changes once, by a
 * conditional update. At most one PENDING check per member and audition, so two taps at once make
 * one.
 */
export const auditionChecks = pgTable(
  'audition_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    auditionId: text('audition_id')
      .notNull()
      .references(() => auditions.id, { onDelete: 'cascade' }),
    verifierSessionId: text('verifier_session_id').notNull(),
    /** The verifier's page for the member: answered again to a second tap while PENDING. */
    verifierUrl: text('verifier_url').notNull(),
    state: text('state', { enum: AUDITION_CHECK_STATES }).notNull().default('PENDING'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When the verifier's session ends (it is EXPIRED there after that). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('audition_checks_session').on(t.verifierSessionId),
    uniqueIndex('audition_checks_one_pending')
      .on(t.accountId, t.auditionId)
      .where(sql`${t.state} = 'PENDING'`),
    index('audition_checks_account_idx').on(t.accountId, t.auditionId, t.startedAt),
    check(
      'audition_checks_state',
      sql`${t.state} in ('PENDING', 'VERIFIED', 'REJECTED', 'ABANDONED', 'EXPIRED')`,
    ),
    check('audition_checks_completed', sql`(${t.state} = 'PENDING') = (${t.completedAt} is null)`),
  ],
)
