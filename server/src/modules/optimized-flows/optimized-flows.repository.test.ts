import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import { createOptimizedFlowsRepository } from './optimized-flows.repository'

const LATER = new Date(TEST_NOW.getTime() + 60_000)

describe('optimised flows repository', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  async function repo() {
    return createOptimizedFlowsRepository((await testDatabase()).db)
  }

  it("setCase writes a flow's case and share, and writing again changes that row only", async () => {
    const flows = await repo()
    expect(await flows.all()).toEqual([])
    const written = await flows.setCase('MY_PAGE', { caseName: 'NORMAL' }, TEST_NOW)
    expect(written).toEqual({
      flowName: 'MY_PAGE',
      caseName: 'NORMAL',
      rolloutPercent: 100,
      updatedAt: TEST_NOW,
    })
    await flows.setCase('PURI_GRID', { caseName: 'TRIAL', rolloutPercent: 30 }, TEST_NOW)
    const changed = await flows.setCase('MY_PAGE', { caseName: 'TRIAL', rolloutPercent: 50 }, LATER)
    expect(changed).toMatchObject({ caseName: 'TRIAL', rolloutPercent: 50, updatedAt: LATER })
    const rows = await flows.all()
    expect(
      rows.map(({ flowName, caseName, rolloutPercent }) => ({ flowName, caseName, rolloutPercent })),
    ).toEqual(
      expect.arrayContaining([
        { flowName: 'MY_PAGE', caseName: 'TRIAL', rolloutPercent: 50 },
        { flowName: 'PURI_GRID', caseName: 'TRIAL', rolloutPercent: 30 },
      ]),
    )
    expect(rows).toHaveLength(2)
  })

  it('refuses a share outside 0–100 before writing, and the table refuses an unknown flow or case', async () => {
    const flows = await repo()
    await expect(
      flows.setCase('MY_PAGE', { caseName: 'TRIAL', rolloutPercent: 101 }, TEST_NOW),
    ).rejects.toThrow(RangeError)
    await expect(
      flows.setCase('MY_PAGE', { caseName: 'TRIAL', rolloutPercent: 2.5 }, TEST_NOW),
    ).rejects.toThrow(RangeError)
    const { db } = await testDatabase()
    await expect(
      db.execute(sql`insert into optimized_flows (flow_name, case_name) values ('NOPE', 'TRIAL')`),
    ).rejects.toThrow()
    await expect(
      db.execute(sql`insert into optimized_flows (flow_name, case_name) values ('MY_PAGE', 'MAYBE')`),
    ).rejects.toThrow()
    expect(await flows.all()).toEqual([])
  })
})

describe('the migration', () => {
  it('wrote one row per flow, each in the TRIAL case for every member (the behaviour before flows were data)', async () => {
    // A database migrated afresh, not emptied between tests as the others are.
    const { openDatabase } = await import('../../db/client')
    const handle = openDatabase({ databaseUrl: null, pgliteDir: null })
    await handle.migrate()
    try {
      const rows = await createOptimizedFlowsRepository(handle.db).all()
      expect(
        rows.map(({ flowName, caseName, rolloutPercent }) => ({ flowName, caseName, rolloutPercent })),
      ).toEqual(
        expect.arrayContaining([
          { flowName: 'TRIAL_JUDGE', caseName: 'TRIAL', rolloutPercent: 100 },
          { flowName: 'PURI_GRID', caseName: 'TRIAL', rolloutPercent: 100 },
          { flowName: 'MY_PAGE', caseName: 'TRIAL', rolloutPercent: 100 },
          { flowName: 'PURIGET_LP', caseName: 'TRIAL', rolloutPercent: 100 },
        ]),
      )
      expect(rows).toHaveLength(4)
    } finally {
      await handle.close()
    }
  })
})
