import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../db/client'

let opened: Promise<DatabaseHandle> | undefined

async function openPostgresForWorker(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('PURIBOX_TEST_DB=postgres needs DATABASE_URL')
  // One database per worker, so parallel workers never see each other's rows.
  const name = `puribox_test_${process.env.VITEST_POOL_ID ?? '0'}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const workerUrl = new URL(url)
  workerUrl.pathname = `/${name}`
  return openDatabase({ databaseUrl: workerUrl.toString(), pgliteDir: null })
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
