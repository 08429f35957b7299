import { FLOW_NAMES } from '@puribox/contract/payments'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import { createOptimizedFlowsRepository } from './optimized-flows.repository'
import { caseFor, createOptimizedFlowService } from './optimized-flows.service'

const MEMBER = 'a3f1c0de-0000-4000-8000-000000000001'

describe('optimised flows service', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  async function setUp() {
    const repo = createOptimizedFlowsRepository((await testDatabase()).db)
    return { repo, flows: createOptimizedFlowService({ repo }) }
  }

  it("answers each flow's case from its row, and an operator's change from the next ask on", async () => {
    const { repo, flows } = await setUp()
    await repo.setCase('TRIAL_JUDGE', { caseName: 'TRIAL' }, TEST_NOW)
    await repo.setCase('PURI_GRID', { caseName: 'NORMAL' }, TEST_NOW)
    await repo.setCase('MY_PAGE', { caseName: 'TRIAL' }, TEST_NOW)
    await repo.setCase('PURIGET_LP', { caseName: 'NORMAL' }, TEST_NOW)
    expect(await flows.casesFor(MEMBER)).toEqual({
      TRIAL_JUDGE: { flowName: 'TRIAL_JUDGE', caseName: 'TRIAL' },
      PURI_GRID: { flowName: 'PURI_GRID', caseName: 'NORMAL' },
      MY_PAGE: { flowName: 'MY_PAGE', caseName: 'TRIAL' },
      PURIGET_LP: { flowName: 'PURIGET_LP', caseName: 'NORMAL' },
    })
    await repo.setCase('PURI_GRID', { caseName: 'TRIAL' }, TEST_NOW)
    expect(await flows.caseOf('PURI_GRID', MEMBER)).toEqual({ flowName: 'PURI_GRID', caseName: 'TRIAL' })
    await repo.setCase('PURI_GRID', { caseName: 'TRIAL', rolloutPercent: 0 }, TEST_NOW)
    expect(await flows.caseOf('PURI_GRID', MEMBER)).toEqual({ flowName: 'PURI_GRID', caseName: 'NORMAL' })
  })

  it('gives a guest NORMAL in every flow: the au trial is for members', async () => {
    const { flows } = await setUp()
    const cases = await flows.casesFor(null)
    expect(FLOW_NAMES.map((name) => cases[name].caseName)).toEqual(['NORMAL', 'NORMAL', 'NORMAL', 'NORMAL'])
  })

  it('a flow at a share puts each member on one side for good, and about that share of members in its case', () => {
    const ids = Array.from(
      { length: 1000 },
      (_, i) => `a3f1c0de-0000-4000-8000-${String(i).padStart(12, '0')}`,
    )
    const setting = { caseName: 'TRIAL', rolloutPercent: 30 } as const
    const trial = ids.filter((id) => caseFor('PURIGET_LP', setting, id).caseName === 'TRIAL')
    expect(trial.length).toBeGreaterThan(240)
    expect(trial.length).toBeLessThan(360)
    for (const id of ids.slice(0, 50)) {
      expect(caseFor('PURIGET_LP', setting, id)).toEqual(caseFor('PURIGET_LP', setting, id))
    }
  })
})
