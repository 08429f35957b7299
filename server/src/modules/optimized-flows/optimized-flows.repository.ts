import type { FlowCase, FlowName } from '@puribox/contract/payments'
import type { Database } from '../../db/client'
import { optimizedFlows } from './optimized-flows.schema'

export type OptimizedFlowRow = typeof optimizedFlows.$inferSelect

/** What an operator sets for a flow: its case, and the share of members who get it. */
export interface FlowSetting {
  caseName: FlowCase
  /** Percent of members, 0–100; 100 when not said. */
  rolloutPercent?: number
}

/** The share as the table keeps it: a whole percent from 0 to 100 (RangeError otherwise). */
export function checkedShare(rolloutPercent: number): number {
  if (!Number.isInteger(rolloutPercent) || rolloutPercent < 0 || rolloutPercent > 100)
    throw new RangeError(`rolloutPercent must be a whole number from 0 to 100, not ${rolloutPercent}`)
  return rolloutPercent
}

export function createOptimizedFlowsRepository(db: Database) {
  return {
    /** Every flow's row (a flow without one has never been written). */
    async all(): Promise<OptimizedFlowRow[]> {
      return db.select().from(optimizedFlows)
    },

    /**
     * Sets a flow's case (and share), as an operator's console does: it holds from the next request
     * on, for every screen that reads the flow. Writes the row when the flow has none yet.
     */
    async setCase(flowName: FlowName, setting: FlowSetting, now: Date): Promise<OptimizedFlowRow> {
      const rolloutPercent = checkedShare(setting.rolloutPercent ?? 100)
      const values = { caseName: setting.caseName, rolloutPercent, updatedAt: now }
      const [row] = await db
        .insert(optimizedFlows)
        .values({ flowName, ...values })
        .onConflictDoUpdate({ target: optimizedFlows.flowName, set: values })
        .returning()
      return row!
    },
  }
}

export type OptimizedFlowsRepository = ReturnType<typeof createOptimizedFlowsRepository>
