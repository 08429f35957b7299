import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const AUDIT_ACTOR_KINDS = ['operator', 'system', 'anonymous'] as const

/**
 * The audit log: one row per change an operator or the system made, and per operator sign-in or
 * failed try. Append-only: the migration's triggers refuse every UPDATE and TRUNCATE, and a DELETE of
 * an entry younger than two years (the retention job removes older ones). No foreign keys: an entry
 * outlives what it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Increasing: with `at`, the order of the log and the key its pages continue from. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    /** The operator who acted (actor `operator`), or whose account a failed sign-in tried. */
    operatorId: uuid('operator_id'),
    /** The job that acted (actor `system`). */
    job: text('job'),
    /** The event's name: `news.published`, `operator.signed-in`. */
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    /** Why, in the operator's words. */
    reason: text('reason'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The address the operator or the stranger called from; null for the system. */
    clientIp: text('client_ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_operator_idx').on(t.operatorId, t.at, t.id),
    index('audit_log_target_idx').on(t.targetKind, t.targetId, t.at, t.id),
    index('audit_log_action_idx').on(t.action, t.at, t.id),
    check('audit_log_actor_kind', sql`${t.actorKind} in ('operator', 'system', 'anonymous')`),
  ],
)
