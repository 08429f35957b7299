import { FLOW_CASES, FLOW_NAMES } from '@puribox/contract/payments'
import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The optimised flows: one row per flow (the screens that may offer the au trial, and the judge that
 * lets it be taken at all), with the case its members get. Operators change a row to change what a
 * screen offers, without a release; the migration that made the table wrote the first rows.
 */
export const optimizedFlows = pgTable(
  'optimized_flows',
  {
    flowName: text('flow_name', { enum: FLOW_NAMES }).primaryKey(),
    /** The case members in the rollout share get; everyone else, guests included, gets NORMAL. */
    caseName: text('case_name', { enum: FLOW_CASES }).notNull(),
    /** Share of members (percent, 0–100) who get `caseName`; each member stays on one side for good. */
    rolloutPercent: integer('rollout_percent').notNull().default(100),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'optimized_flows_flow_name',
      sql`${t.flowName} in ('TRIAL_JUDGE', 'PURI_GRID', 'MY_PAGE', 'PURIGET_LP')`,
    ),
    check('optimized_flows_case_name', sql`${t.caseName} in ('TRIAL', 'NORMAL')`),
    check('optimized_flows_rollout_percent', sql`${t.rolloutPercent} between 0 and 100`),
  ],
)
