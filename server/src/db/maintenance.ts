import { sql } from 'drizzle-orm'
import type { Database } from './client'

/**
 * The embedded engine's autovacuum (decision 0017). PGlite is PostgreSQL in one process without its
 * background workers, so nothing ever runs VACUUM or ANALYZE: the planner never learns how big a
 * table has grown (a seal read scanned every puri instead of using the index: 17 ms instead of 3 at
 * 18,000 puris) and dead rows are never reclaimed. The server does what autovacuum would, with
 * autovacuum's default thresholds, one table at a time. PostgreSQL runs its own, so this is PGlite's.
 */
export const AUTOVACUUM_THRESHOLDS = {
  /** autovacuum_analyze_threshold + autovacuum_analyze_scale_factor × rows */
  analyze: { rows: 50, share: 0.1 },
  /** autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor × rows (dead rows) */
  vacuum: { rows: 50, share: 0.2 },
  /** autovacuum_vacuum_insert_threshold + autovacuum_vacuum_insert_scale_factor × rows (new rows) */
  vacuumAfterInserts: { rows: 1000, share: 0.2 },
} as const

/** How often the server looks at the tables' counters. */
export const MAINTENANCE_INTERVAL_MS = 60_000

export interface TableCounters {
  schema: string
  table: string
  /** pg_class.reltuples as of the last VACUUM or ANALYZE; -1 when it never had either. */
  rows: number
  /** The table's size now, in pages. */
  pages: number
  deadRows: number
  changedSinceAnalyze: number
  insertedSinceVacuum: number
}

export interface TableChore {
  schema: string
  table: string
  /** VACUUM (ANALYZE) when true, ANALYZE alone otherwise. */
  vacuum: boolean
}

/** What autovacuum would do to this table now, or null. */
export function choreOf(counters: TableCounters): TableChore | null {
  const rows = Math.max(counters.rows, 0)
  const over = (count: number, limit: { rows: number; share: number }) =>
    count > limit.rows + limit.share * rows
  const vacuum =
    over(counters.deadRows, AUTOVACUUM_THRESHOLDS.vacuum) ||
    over(counters.insertedSinceVacuum, AUTOVACUUM_THRESHOLDS.vacuumAfterInserts)
  // PGlite keeps no counters across a restart (it writes no statistics file), so a table filled before
  // the last start, or by another process, shows no changes: one never analyzed but not empty is due.
  const neverAnalyzed = counters.rows < 0 && counters.pages > 0
  const analyze = neverAnalyzed || over(counters.changedSinceAnalyze, AUTOVACUUM_THRESHOLDS.analyze)
  return vacuum || analyze ? { schema: counters.schema, table: counters.table, vacuum } : null
}

/**
 * Vacuums and analyzes the tables that need it, one statement per table (each blocks PGlite's one
 * thread only for its own table), and answers what it did.
 */
export async function maintainTables(db: Database): Promise<TableChore[]> {
  // The backend hands its counters to the statistics system at most once a second; without this the
  // last second's writes would be missing.
  await db.execute(sql`select pg_stat_force_next_flush()`)
  const result = await db.execute(sql`
    select t.schemaname as schema, t.relname as table, c.reltuples::float8 as rows,
      (pg_relation_size(t.relid) / current_setting('block_size')::int)::float8 as pages,
      t.n_dead_tup::float8 as dead_rows, t.n_mod_since_analyze::float8 as changed_since_analyze,
      t.n_ins_since_vacuum::float8 as inserted_since_vacuum
    from pg_stat_user_tables t join pg_class c on c.oid = t.relid
    order by t.schemaname, t.relname`)
  const chores = (result as unknown as { rows: Record<string, unknown>[] }).rows
    .map((row) =>
      choreOf({
        schema: String(row.schema),
        table: String(row.table),
        rows: Number(row.rows),
        pages: Number(row.pages),
        deadRows: Number(row.dead_rows),
        changedSinceAnalyze: Number(row.changed_since_analyze),
        insertedSinceVacuum: Number(row.inserted_since_vacuum),
      }),
    )
    .filter((chore) => chore !== null)
  for (const chore of chores) {
    const table = sql`${sql.identifier(chore.schema)}.${sql.identifier(chore.table)}`
    await db.execute(chore.vacuum ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`)
  }
  return chores
}
