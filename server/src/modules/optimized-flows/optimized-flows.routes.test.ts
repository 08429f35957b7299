import { api } from '@puribox/contract/routes'
import { describe, expect, it } from 'vitest'
import { injectOptions } from '../../test/contract-requests'
import { createMember } from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { createOptimizedFlowsRepository } from './optimized-flows.repository'

const AU = { 'x-puribox-carrier': 'ezweb' }

async function call(ctx: TestContext, name: keyof typeof api, cookie: string | null, input = {}) {
  return ctx.app.inject(injectOptions(api[name], input, { ...(cookie ? { cookie } : {}), ...AU }))
}

describe('GET /sp/2/optimized_flow/{flowName}', () => {
  const ctx = useTestApp()

  async function flowOf(cookie: string | null, flowName: string) {
    const response = await call(ctx(), 'optimizedFlow', cookie, { params: { flowName } })
    expect(response.statusCode).toBe(200)
    return response.json().entity
  }

  it("answers each flow's case as its row says, and the trial's flows the same", async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const repo = createOptimizedFlowsRepository(ctx().db)
    await repo.setCase('TRIAL_JUDGE', { caseName: 'TRIAL' }, TEST_NOW)
    await repo.setCase('PURI_GRID', { caseName: 'NORMAL' }, TEST_NOW)
    await repo.setCase('MY_PAGE', { caseName: 'TRIAL' }, TEST_NOW)
    await repo.setCase('PURIGET_LP', { caseName: 'NORMAL' }, TEST_NOW)
    expect(await flowOf(cookie, 'TRIAL_JUDGE')).toEqual({ flowName: 'TRIAL_JUDGE', caseName: 'TRIAL' })
    expect(await flowOf(cookie, 'PURI_GRID')).toEqual({ flowName: 'PURI_GRID', caseName: 'NORMAL' })
    expect(await flowOf(cookie, 'MY_PAGE')).toEqual({ flowName: 'MY_PAGE', caseName: 'TRIAL' })
    expect(await flowOf(cookie, 'PURIGET_LP')).toEqual({ flowName: 'PURIGET_LP', caseName: 'NORMAL' })
    const trial = (await call(ctx(), 'paymentTrial', cookie)).json().entity
    expect(trial).toMatchObject({
      canTrial: true,
      trialJudge: { caseName: 'TRIAL' },
      puriGrid: { caseName: 'NORMAL' },
      myPage: { caseName: 'TRIAL' },
      purigetLp: { caseName: 'NORMAL' },
    })
  })

  it("an operator's change holds from the next request: the judge set to NORMAL stops the trial (UFO_DENIED)", async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const repo = createOptimizedFlowsRepository(ctx().db)
    await repo.setCase('MY_PAGE', { caseName: 'TRIAL' }, TEST_NOW)
    expect(await flowOf(cookie, 'MY_PAGE')).toEqual({ flowName: 'MY_PAGE', caseName: 'TRIAL' })
    await repo.setCase('MY_PAGE', { caseName: 'NORMAL' }, TEST_NOW)
    expect(await flowOf(cookie, 'MY_PAGE')).toEqual({ flowName: 'MY_PAGE', caseName: 'NORMAL' })

    await repo.setCase('TRIAL_JUDGE', { caseName: 'NORMAL' }, TEST_NOW)
    expect((await call(ctx(), 'paymentTrial', cookie)).json().entity).toMatchObject({
      canAdmit: true,
      canTrial: false,
      reason: 'UFO_DENIED',
    })
    const start = await call(ctx(), 'startSubscription', cookie, { body: { kind: 'AU', trial: true } })
    expect([start.statusCode, start.json().error.code]).toEqual([403, 'TRIAL_NOT_ALLOWED'])
  })

  it('answers a guest NORMAL whatever the row says, and refuses an unknown flow', async () => {
    await createOptimizedFlowsRepository(ctx().db).setCase('PURI_GRID', { caseName: 'TRIAL' }, TEST_NOW)
    expect(await flowOf(null, 'PURI_GRID')).toEqual({ flowName: 'PURI_GRID', caseName: 'NORMAL' })
    const unknown = await call(ctx(), 'optimizedFlow', null, { params: { flowName: 'NOPE' } })
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'VALIDATION_FAILED'])
  })
})
