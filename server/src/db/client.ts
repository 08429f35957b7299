import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { serverRoot } from '../paths'
import { maintainTables, type TableChore } from './maintenance'

/**
 * The database or a transaction of it. Tables are declared by their modules
 * (`modules/<module>/<module>.schema.ts`); queries name them, so the client needs no schema of its own.
 */
export type Database = PgDatabase<PgQueryResultHKT>

export interface DatabaseHandle {
  db: Database
  engine: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /** PGlite: VACUUM and ANALYZE what autovacuum would (decision 0017). PostgreSQL: nothing, its autovacuum does. */
  maintain(): Promise<TableChore[]>
  close(): Promise<void>
}

const migrationsFolder = path.join(serverRoot, 'drizzle')

/**
 * PGlite's backend with PostgreSQL's default 128 MB of shared buffers, all of it touched at start,
 * is most of an idle server's memory. The embedded engine serves one small process whose hot reads
 * are cached above the database, and the OS page cache still holds the data files: 16 MB is plenty
 * and keeps a server on a small machine well under 400 MB (decision 0005). The server's own VACUUM
 * (decision 0017) gets 8 MB rather than 64: WebAssembly memory, once grown, is never given back.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB', 'maintenance_work_mem=8MB'] as const

function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])]
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `pgliteDir` (or in memory when null). */
export function openDatabase(options: {
  databaseUrl: string | null
  pgliteDir: string | null
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    const db = drizzlePg(pool) as unknown as Database
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      maintain: async () => [],
      close: () => pool.end(),
    }
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true })
  const client = new PGlite(options.pgliteDir ?? undefined, { startParams: pgliteStartParams() })
  const db = drizzlePglite(client) as unknown as Database
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    maintain: () => maintainTables(db),
    close: () => client.close(),
  }
}
