import { PURIGET_PENALTY_REASONS, SNS_PENALTY_REASONS } from '@puribox/contract/penalty-reasons'
import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { accounts } from '../accounts/accounts.schema'
import { operators } from '../operators/operators.schema'

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

/** The two penalties an account may have: puri getting (RED) and the SNS features. */
export const PENALTY_KINDS = ['PURIGET', 'SNS'] as const
export type PenaltyKind = (typeof PENALTY_KINDS)[number]

/**
 * Why and by whom an account's penalty in force was set: one row per account and kind while the
 * penalty lasts (RED for PURIGET; any SNS penalty), gone when it is cleared. The penalty itself stays
 * on the account (`accounts.puriget_penalty`, `accounts.sns_penalty`), which every check reads; this
 * is what the member is told (`reason`, one of the fixed reasons of its kind) and what only
 * operators read (`note`, the operator's own words, and who decided). Its history is the audit log.
 */
export const penaltyDecisions = pgTable(
  'penalty_decisions',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PENALTY_KINDS }).notNull(),
    reason: text('reason', { enum: [...PURIGET_PENALTY_REASONS, ...SNS_PENALTY_REASONS] }).notNull(),
    /** The operator's note, for operators only: never shown nor sent to the member. */
    note: text('note'),
    /** The operator who decided; null when a job did (`job`), or the operator is gone. */
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** The job that decided (the puri-getting rules turning an account RED); null for an operator. */
    job: text('job'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind] })],
)
