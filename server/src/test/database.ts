import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../db/client'

let opened: Promise<DatabaseHandle> | undefined

async function openPostgresForWorker(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('PURIBOX_TEST_DB=postgres needs DATABASE_URL')
  // One database per worker of this run, so parallel workers never see each other's rows, nor do
  // two runs at once on the same server (two people's, or a run and an editor's test). The run is
  // the process that started the worker; its databases are dropped by a later run once it is gone.
  const run = process.ppid
  const name = `puribox_test_${run}_${process.env.VITEST_POOL_ID ?? '0'}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await dropDatabasesOfEndedRuns(admin)
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const workerUrl = new URL(url)
  workerUrl.pathname = `/${name}`
  return openDatabase({ databaseUrl: workerUrl.toString(), pgliteDir: null })
}

/** Whether a process of this machine is still running. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Drops the test databases left by runs that have ended (`puribox_test_<run>_<worker>`). */
async function dropDatabasesOfEndedRuns(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^puribox_test_[0-9]+'",
  )
  for (const { datname } of rows) {
    const run = Number(/^puribox_test_(\d+)_/.exec(datname)?.[1])
    if (Number.isInteger(run) && isRunning(run)) continue
    // Another worker may be dropping the same one: its absence is what was wanted.
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined)
  }
}

/** The worker's database: opened and migrated once (PGlite in memory, or PostgreSQL), then reused. */
export function testDatabase(): Promise<DatabaseHandle> {
  opened ??= (async () => {
    const handle =
      process.env.PURIBOX_TEST_DB === 'postgres'
        ? await openPostgresForWorker()
        : openDatabase({ databaseUrl: null, pgliteDir: null })
    await handle.migrate()
    return handle
  })()
  return opened
}

/**
 * Every table the migrations made, read from the catalog once: a module's new table is emptied
 * between tests without being listed anywhere (drizzle's own bookkeeping lives in its own schema).
 */
let tableList: Promise<string> | undefined

async function tablesOf(handle: DatabaseHandle): Promise<string> {
  const result = await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  )
  const names = (result as unknown as { rows: { tablename: string }[] }).rows.map(
    (row) => `"${row.tablename}"`,
  )
  return names.join(', ')
}

/**
 * Empties every table: each test starts from a blank database without paying for a new one. The
 * audit log's triggers refuse emptying it to everyone, so they are switched off for this one
 * transaction (`replica` skips ordinary triggers; only a superuser may set it, as the tests' are).
 */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  tableList ??= tablesOf(handle)
  const tables = await tableList
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`))
  })
}
