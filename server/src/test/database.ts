import { getTableName, isTable, sql } from 'drizzle-orm'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../db/client'
import * as schema from '../db/schema'

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

const tableNames = Object.values(schema)
  .filter(isTable)
  .map((table) => `"${getTableName(table)}"`)

/** Empties every table: each test starts from a blank database without paying for a new one. */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql.raw(`TRUNCATE ${tableNames.join(', ')} RESTART IDENTITY CASCADE`))
}
