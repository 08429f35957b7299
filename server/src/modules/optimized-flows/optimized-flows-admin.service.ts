import {
  type AdminFlow,
  type AdminFlows,
  FLOW_SCREEN_PATHS,
  type FlowChange,
} from '@puribox/contract/admin-flows'
import { FLOW_NAMES, type FlowName } from '@puribox/contract/payments'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Actor } from '../actor'
import { can, type FlowAction } from './optimized-flows.policy'
import type { OptimizedFlowRow, OptimizedFlowsRepository } from './optimized-flows.repository'
import { UNSET_FLOW } from './optimized-flows.service'
import type { OptimizedFlowsAdminRepository } from './optimized-flows-admin.repository'

function present(flowName: FlowName, row: OptimizedFlowRow | undefined): AdminFlow {
  return {
    flowName,
    screenPath: FLOW_SCREEN_PATHS[flowName],
    caseName: row?.caseName ?? UNSET_FLOW.caseName,
    rolloutPercent: row?.rolloutPercent ?? UNSET_FLOW.rolloutPercent,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  }
}

/**
 * The operators' side of the optimised flows (decisions 0064, 0080): every flow as members get it
 * now, and setting one. Every function takes the actor and asks the policy first; a change is one
 * transaction with its event, which the audit log records, and members get it from their next
 * request (the flows are read at every one).
 */
export function createOptimizedFlowsAdminService(deps: {
  repo: OptimizedFlowsRepository
  admin: OptimizedFlowsAdminRepository
  clock: Clock
}) {
  const { repo, admin, clock } = deps

  function allow(actor: Actor, action: FlowAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} the optimised flows`)
  }

  async function rowOf(flowName: FlowName): Promise<OptimizedFlowRow | undefined> {
    return (await repo.all()).find((row) => row.flowName === flowName)
  }

  return {
    async flows(actor: Actor): Promise<AdminFlows> {
      allow(actor, 'read')
      const rows = await repo.all()
      return {
        flows: FLOW_NAMES.map((name) =>
          present(
            name,
            rows.find((row) => row.flowName === name),
          ),
        ),
      }
    },

    async flow(actor: Actor, flowName: FlowName): Promise<AdminFlow> {
      allow(actor, 'read')
      return present(flowName, await rowOf(flowName))
    },

    /** Sets the flow's case and share; NORMAL reaches every member, so its share is 100. */
    async change(actor: Actor, flowName: FlowName, input: FlowChange): Promise<AdminFlow> {
      allow(actor, 'change')
      if (input.caseName === 'NORMAL' && input.rolloutPercent !== 100) {
        throw new AppError('VALIDATION_FAILED', 'NORMAL reaches every member: its share is 100')
      }
      const row = await admin.change(
        flowName,
        { caseName: input.caseName, rolloutPercent: input.rolloutPercent },
        UNSET_FLOW,
        { actor, at: clock.now(), reason: input.reason || null },
      )
      return present(flowName, row)
    },
  }
}

export type OptimizedFlowsAdminService = ReturnType<typeof createOptimizedFlowsAdminService>
