import { adminApi } from '@puribox/contract/admin-api'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { auditTrail, consoleOperator } from '../../test/console'
import { injectOptions } from '../../test/contract-requests'
import { createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import type { OperatorRole } from '../actor'

/** A phone on au: the only carrier whose members may take the trial. */
const AU = { 'x-puribox-carrier': 'ezweb' }

describe('the console sets the optimised flows: /admin/api/flows', () => {
  const ctx = useTestApp()
  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  /** A member's case of a flow, as the members' route answers it (on `app`, another process if given). */
  async function membersCase(cookie: string, flowName: string, app: FastifyInstance = ctx().app) {
    const response = await app.inject(
      injectOptions(api.optimizedFlow, { params: { flowName } }, { cookie, ...AU }),
    )
    expect(response.statusCode).toBe(200)
    return response.json().entity.caseName
  }

  it('lists every flow as members get it, sets one that members get at their next request, and audits it', async () => {
    const viewer = await signedIn('viewer')
    const listed = await viewer.call(adminApi.adminFlows)
    expect(listed.json().entity.flows).toEqual([
      {
        flowName: 'TRIAL_JUDGE',
        screenPath: '/web/payment',
        caseName: 'TRIAL',
        rolloutPercent: 100,
        updatedAt: null,
      },
      {
        flowName: 'PURI_GRID',
        screenPath: '/web/preview',
        caseName: 'TRIAL',
        rolloutPercent: 100,
        updatedAt: null,
      },
      {
        flowName: 'MY_PAGE',
        screenPath: '/sp/2/mypage/#/puri/new',
        caseName: 'TRIAL',
        rolloutPercent: 100,
        updatedAt: null,
      },
      {
        flowName: 'PURIGET_LP',
        screenPath: '/sp/puri/get',
        caseName: 'TRIAL',
        rolloutPercent: 100,
        updatedAt: null,
      },
    ])
    const { cookie } = await createMember(ctx().db, ctx().clock)
    expect(await membersCase(cookie, 'PURI_GRID')).toBe('TRIAL')

    const editor = await signedIn('editor')
    const set = await editor.call(adminApi.adminFlowChange, {
      params: { flowName: 'PURI_GRID' },
      body: { caseName: 'NORMAL', rolloutPercent: 100, reason: 'grid redesign' },
    })
    expect(set.json().entity).toEqual({
      flowName: 'PURI_GRID',
      screenPath: '/web/preview',
      caseName: 'NORMAL',
      rolloutPercent: 100,
      updatedAt: TEST_NOW.toISOString(),
    })
    expect(await membersCase(cookie, 'PURI_GRID')).toBe('NORMAL')
    // A share of none pauses the trial on a screen while keeping its case.
    await editor.call(adminApi.adminFlowChange, {
      params: { flowName: 'MY_PAGE' },
      body: { caseName: 'TRIAL', rolloutPercent: 0 },
    })
    expect(await membersCase(cookie, 'MY_PAGE')).toBe('NORMAL')
    expect(
      (await viewer.call(adminApi.adminFlow, { params: { flowName: 'MY_PAGE' } })).json().entity,
    ).toMatchObject({ caseName: 'TRIAL', rolloutPercent: 0 })

    // The judge in NORMAL stops the trial everywhere.
    await editor.call(adminApi.adminFlowChange, {
      params: { flowName: 'TRIAL_JUDGE' },
      body: { caseName: 'NORMAL', rolloutPercent: 100 },
    })
    const trial = await ctx().app.inject(injectOptions(api.paymentTrial, {}, { cookie, ...AU }))
    expect(trial.json().entity).toMatchObject({ canTrial: false, reason: 'UFO_DENIED' })

    // Setting what is set already changes nothing and records nothing.
    await editor.call(adminApi.adminFlowChange, {
      params: { flowName: 'PURI_GRID' },
      body: { caseName: 'NORMAL', rolloutPercent: 100, reason: 'again' },
    })
    const trail = await auditTrail(ctx(), 'flow', 'PURI_GRID')
    expect(trail).toHaveLength(1)
    expect(trail[0]).toMatchObject({
      action: 'flows.changed',
      actor: { operatorId: editor.operator.id },
      reason: 'grid redesign',
      before: { caseName: 'TRIAL' },
      after: { caseName: 'NORMAL' },
    })
    expect((await auditTrail(ctx(), 'flow', 'MY_PAGE'))[0]).toMatchObject({
      before: { rolloutPercent: 100 },
      after: { rolloutPercent: 0 },
    })

    // Another start (a new process that writes what it writes at every start) leaves the rows as set.
    const restarted = await ctx().secondProcess()
    await restarted.seedContent()
    expect(await membersCase(cookie, 'PURI_GRID', restarted)).toBe('NORMAL')
    expect(
      (await viewer.call(adminApi.adminFlows))
        .json()
        .entity.flows.map((flow: { caseName: string }) => flow.caseName),
    ).toEqual(['NORMAL', 'NORMAL', 'TRIAL', 'TRIAL'])
  })

  it('refuses a case or share the table does not take, and every role but editors and admins', async () => {
    const editor = await signedIn('editor')
    const refused = async (flowName: string, body: Record<string, unknown>) => {
      const answer = await editor.call(adminApi.adminFlowChange, { params: { flowName }, body })
      return [answer.statusCode, answer.json().error.code]
    }
    const invalid = [400, 'VALIDATION_FAILED']
    expect(await refused('PURI_GRID', { caseName: 'NORMAL', rolloutPercent: 50 })).toEqual(invalid)
    expect(await refused('PURI_GRID', { caseName: 'TRIAL', rolloutPercent: 101 })).toEqual(invalid)
    expect(await refused('PURI_GRID', { caseName: 'TRIAL', rolloutPercent: 2.5 })).toEqual(invalid)
    expect(await refused('PURI_GRID', { caseName: 'MAYBE', rolloutPercent: 100 })).toEqual(invalid)
    expect(await refused('NO_SUCH_FLOW', { caseName: 'TRIAL', rolloutPercent: 100 })).toEqual(invalid)
    const unknown = await editor.call(adminApi.adminFlow, { params: { flowName: 'NO_SUCH_FLOW' } })
    expect([unknown.statusCode, unknown.json().error.code]).toEqual(invalid)

    for (const role of ['viewer', 'support'] as const) {
      const operator = await signedIn(role)
      const answer = await operator.call(adminApi.adminFlowChange, {
        params: { flowName: 'MY_PAGE' },
        body: { caseName: 'NORMAL', rolloutPercent: 100 },
      })
      expect([answer.statusCode, answer.json().error.code], role).toEqual([403, 'FORBIDDEN'])
    }
    expect(await auditTrail(ctx(), 'flow', 'MY_PAGE')).toEqual([])
    expect(
      (await (await signedIn('admin')).call(adminApi.adminFlow, { params: { flowName: 'MY_PAGE' } })).json()
        .entity,
    ).toMatchObject({ caseName: 'TRIAL', rolloutPercent: 100, updatedAt: null })
  })
})
