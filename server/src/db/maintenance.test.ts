import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDatabase, testDatabase } from '../test/database'
import { choreOf, type TableCounters } from './maintenance'

const counters = (overrides: Partial<TableCounters> = {}): TableCounters => ({
  schema: 'public',
  table: 'seals',
  rows: 1000,
  pages: 10,
  deadRows: 0,
  changedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
  ...overrides,
})

describe('choreOf: autovacuum’s default thresholds', () => {
  it('leaves a table alone until 50 rows + 10 % have changed, then analyzes it', () => {
    expect(choreOf(counters({ changedSinceAnalyze: 150 }))).toBeNull()
    expect(choreOf(counters({ changedSinceAnalyze: 151 }))).toEqual({
      schema: 'public',
      table: 'seals',
      vacuum: false,
    })
  })

  it('vacuums past 50 dead rows + 20 %, or 1000 new rows + 20 %', () => {
    expect(choreOf(counters({ deadRows: 250 }))).toBeNull()
    expect(choreOf(counters({ deadRows: 251 }))?.vacuum).toBe(true)
    expect(choreOf(counters({ insertedSinceVacuum: 1200 }))).toBeNull()
    expect(choreOf(counters({ insertedSinceVacuum: 1201 }))?.vacuum).toBe(true)
  })

  it('counts a never-analyzed table (reltuples −1) as empty', () => {
    expect(choreOf(counters({ rows: -1, pages: 0, changedSinceAnalyze: 51 }))).toEqual({
      schema: 'public',
      table: 'seals',
      vacuum: false,
    })
    expect(choreOf(counters({ rows: -1, pages: 0, changedSinceAnalyze: 50 }))).toBeNull()
  })

  it('analyzes a table that was never analyzed but holds rows, whatever its counters say (PGlite forgets them on restart)', () => {
    expect(choreOf(counters({ rows: -1, pages: 1 }))).toEqual({
      schema: 'public',
      table: 'seals',
      vacuum: false,
    })
    expect(choreOf(counters({ rows: 0, pages: 1 }))).toBeNull()
  })
})

describe.runIf(process.env.PURIBOX_TEST_DB === 'pglite')('maintain() on the embedded engine', () => {
  beforeEach(async () => {
    const handle = await testDatabase()
    await resetDatabase(handle)
    await handle.maintain()
  })

  const accountsRows = async () => {
    const { db } = await testDatabase()
    const result = await db.execute(sql`select reltuples::int as n from pg_class where relname = 'accounts'`)
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n)
  }

  it('analyzes a table that grew, so the planner knows its size, and then leaves it alone', async () => {
    const handle = await testDatabase()
    await handle.db.execute(
      sql`insert into accounts (mail_address) select 'm' || g || '@maintenance.test' from generate_series(1, 300) g`,
    )
    const chores = await handle.maintain()
    expect(chores).toContainEqual({ schema: 'public', table: 'accounts', vacuum: false })
    expect(await accountsRows()).toBe(300)
    expect((await handle.maintain()).map((chore) => chore.table)).not.toContain('accounts')
  })

  it('vacuums a table with many dead rows', async () => {
    const handle = await testDatabase()
    await handle.db.execute(
      sql`insert into accounts (mail_address) select 'm' || g || '@maintenance.test' from generate_series(1, 300) g`,
    )
    await handle.maintain()
    await handle.db.execute(
      sql`update accounts set mail_address = 'x' || mail_address where mail_address like 'm1%'`,
    )
    await handle.db.execute(sql`delete from accounts where mail_address like 'm2%'`)
    const chores = await handle.maintain()
    expect(chores).toContainEqual({ schema: 'public', table: 'accounts', vacuum: true })
    const dead = await handle.db.execute(
      sql`select n_dead_tup::int as n from pg_stat_user_tables where relname = 'accounts'`,
    )
    expect((dead as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
  })
})
