import type { FlowName } from '@puribox/contract/payments'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type ChangeContext, changedFields } from '../change'
import type { EventBus } from '../events'
import type { FlowSetting, OptimizedFlowRow } from './optimized-flows.repository'
import { checkedShare } from './optimized-flows.repository'
import { optimizedFlows } from './optimized-flows.schema'
import './optimized-flows.events'

/**
 * What the operators' console writes of the optimised flows: a flow's case and share, with its
 * event (`optimized-flows.events.ts`) in the same transaction, so the audit log records it with the
 * change or not at all. Nothing written at start touches these rows (the migration wrote the first
 * ones once), so an operator's setting holds through restarts.
 */
export function createOptimizedFlowsAdminRepository(db: Database, events: EventBus) {
  return {
    /**
     * Sets the flow, locking its row (written first as `unset`, what a flow without a row does, so
     * the lock and the comparison hold) and comparing with it as it is. A setting that changes
     * nothing writes nothing and tells no one.
     */
    async change(
      flowName: FlowName,
      setting: Required<FlowSetting>,
      unset: Required<FlowSetting>,
      change: ChangeContext,
    ): Promise<OptimizedFlowRow> {
      const rolloutPercent = checkedShare(setting.rolloutPercent)
      return db.transaction(async (tx) => {
        await tx
          .insert(optimizedFlows)
          .values({ flowName, ...unset, updatedAt: change.at })
          .onConflictDoNothing({ target: optimizedFlows.flowName })
        const [row] = await tx
          .select()
          .from(optimizedFlows)
          .where(eq(optimizedFlows.flowName, flowName))
          .for('update')
        const fields = { caseName: setting.caseName, rolloutPercent }
        const changed = changedFields(row!, fields)
        if (!changed) return row!
        const [updated] = await tx
          .update(optimizedFlows)
          .set({ ...fields, updatedAt: change.at })
          .where(eq(optimizedFlows.flowName, flowName))
          .returning()
        await events.emit(tx, 'flows.changed', {
          ...change,
          target: { kind: 'flow', id: flowName },
          ...changed,
          payload: { flowName },
        })
        return updated!
      })
    },
  }
}

export type OptimizedFlowsAdminRepository = ReturnType<typeof createOptimizedFlowsAdminRepository>
