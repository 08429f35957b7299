import { FLOW_NAMES, type FlowName } from '@puribox/contract/payments'
import type { FlowCaseEntity } from '@puribox/contract/payments-api'
import { sha256 } from '../../crypto/hash'
import type { FlowSetting, OptimizedFlowsRepository } from './optimized-flows.repository'

/**
 * What a flow without a row does: the au trial for every member, as the flows did before they were
 * data. The migration writes a row per flow, so this only matters for a database emptied by hand.
 */
export const UNSET_FLOW: Required<FlowSetting> = { caseName: 'TRIAL', rolloutPercent: 100 }

/** A stable share of members (0–99) for one flow: the same member is always on the same side. */
export function bucketOf(flowName: FlowName, accountId: string): number {
  // The digest's first four bytes as an unsigned number, spread evenly over the shares.
  return Number.parseInt(sha256(`${flowName}:${accountId}`, 'hex').slice(0, 8), 16) % 100
}

/** The case of one flow for a caller: guests get NORMAL, the au trial being for members. */
export function caseFor(
  flowName: FlowName,
  setting: Required<FlowSetting>,
  accountId: string | null,
): FlowCaseEntity {
  const inShare = accountId !== null && bucketOf(flowName, accountId) < setting.rolloutPercent
  return { flowName, caseName: inShare ? setting.caseName : 'NORMAL' }
}

/** The optimised flows, read from their table at every request, so an operator's change holds at once. */
export function createOptimizedFlowService(deps: { repo: OptimizedFlowsRepository }) {
  async function settings(): Promise<Record<FlowName, Required<FlowSetting>>> {
    const rows = await deps.repo.all()
    return Object.fromEntries(
      FLOW_NAMES.map((name) => {
        const row = rows.find((r) => r.flowName === name)
        return [name, row ? { caseName: row.caseName, rolloutPercent: row.rolloutPercent } : UNSET_FLOW]
      }),
    ) as Record<FlowName, Required<FlowSetting>>
  }

  return {
    /** One flow's case for the caller (`accountId` null for a guest). */
    async caseOf(flowName: FlowName, accountId: string | null): Promise<FlowCaseEntity> {
      return caseFor(flowName, (await settings())[flowName], accountId)
    },

    /** Every flow's case for the caller, read at once. */
    async casesFor(accountId: string | null): Promise<Record<FlowName, FlowCaseEntity>> {
      const all = await settings()
      return Object.fromEntries(
        FLOW_NAMES.map((name) => [name, caseFor(name, all[name], accountId)]),
      ) as Record<FlowName, FlowCaseEntity>
    },
  }
}

export type OptimizedFlowService = ReturnType<typeof createOptimizedFlowService>
