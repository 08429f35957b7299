import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { accounts } from '../accounts/accounts.schema'

/**
 * Failed seal lookups (a well-formed ID that does not exist), counted per subject: `account:<id>`
 * for a member, `ip:<address>` for the client address (guests included). Two fixed windows from the
 * first failure: an hour (10 → YELLOW until `yellow_until`) and a day (30 → the account turns RED
 * in `accounts.puriget_penalty`). In the database so every server process counts the same lookups.
 */
export const purigetFailures = pgTable(
  'puriget_failures',
  {
    subject: text('subject').primaryKey(),
    /** Set for `account:` subjects only: the row goes with the account. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    hourFailures: integer('hour_failures').notNull(),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    dayFailures: integer('day_failures').notNull(),
    /** Lookups refused until then (YELLOW); null or past: not YELLOW. */
    yellowUntil: timestamp('yellow_until', { withTimezone: true }),
  },
  (t) => [
    index('puriget_failures_account_idx').on(t.accountId),
    index('puriget_failures_day_idx').on(t.dayStart),
    // Every server process reads the YELLOW ends once a second (decision 0012, "The board").
    index('puriget_failures_yellow_idx').on(t.yellowUntil).where(sql`${t.yellowUntil} is not null`),
  ],
)
