import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { accounts } from '../accounts/accounts.schema'

/**
 * Unknown seal IDs looked up (a well-formed ID that does not exist), per subject: `account:<id>` for
 * a member, `guest:<key hash>` for a guest's browser, `ip:<address>` for the guests on a client
 * address (decision 0034). Each window holds the distinct IDs tried in it, so the same wrong ID asked
 * again, twice at once or by a request the browser gave up on counts once. Two fixed windows from the
 * first failure: an hour (the subject's limit → YELLOW until `yellow_until`) and, for accounts only,
 * a day (30 → the account turns RED in `accounts.puriget_penalty`). In the database so every server
 * process counts the same lookups.
 */
export const purigetFailures = pgTable(
  'puriget_failures',
  {
    subject: text('subject').primaryKey(),
    /** Set for `account:` subjects only: the row goes with the account. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    /** The distinct unknown seal IDs of the hour window (canonical form); their number is what counts. */
    hourSealIds: text('hour_seal_ids').array().notNull().default(sql`'{}'::text[]`),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    /** The same for the day window; accounts only (guests and addresses never turn RED), else empty. */
    daySealIds: text('day_seal_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Lookups refused until then (YELLOW); null or past: not YELLOW. */
    yellowUntil: timestamp('yellow_until', { withTimezone: true }),
  },
  (t) => [
    index('puriget_failures_account_idx').on(t.accountId),
    index('puriget_failures_day_idx').on(t.dayStart),
    // Every server process reads the YELLOW ends once a second (decision 0028, "The board").
    index('puriget_failures_yellow_idx').on(t.yellowUntil).where(sql`${t.yellowUntil} is not null`),
  ],
)
