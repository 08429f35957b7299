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
  // A test's rows need not survive a crash of the server: a commit does not wait for the disk.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`)
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
 * With them, the identity columns, whose numbering starts again at each test.
 */
interface Tables {
  names: string[]
  identities: { table: string; column: string }[]
}
let tableList: Promise<Tables> | undefined

async function tablesOf(handle: DatabaseHandle): Promise<Tables> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
  const tables = await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  )
  const identities = await handle.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and is_identity = 'YES' order by table_name`,
  )
  return {
    names: rowsOf<{ tablename: string }>(tables).map((row) => row.tablename),
    identities: rowsOf<{ table_name: string; column_name: string }>(identities).map((row) => ({
      table: row.table_name,
      column: row.column_name,
    })),
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Empties every table: each test starts from a blank database without paying for a new one.
 *
 * DELETE rather than TRUNCATE: a test leaves a few rows in a few tables, and deleting them is
 * cheap, where TRUNCATE makes every one of the ~60 tables a new file, which on PostgreSQL took from
 * half a second to a second per test. `replica` switches off ordinary triggers for this one
 * transaction, which lets the rows go in any order (foreign keys are such triggers) and lets the
 * audit log be emptied, which its own triggers refuse to everyone else; only a superuser may set
 * it, as the tests' is. The identity columns then count from 1 again, as after a new database.
 */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  tableList ??= tablesOf(handle)
  const { names, identities } = await tableList
  const deletes = names.map((name) => `DELETE FROM ${quoted(name)};`).join(' ')
  const restarts = identities
    .map(({ table, column }) => `ALTER TABLE ${quoted(table)} ALTER COLUMN ${quoted(column)} RESTART;`)
    .join(' ')
  // One statement (a block), as PGlite takes a query: its protocol has no several at once.
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql.raw(`DO $$ BEGIN ${deletes} ${restarts} END $$`))
  })
}
