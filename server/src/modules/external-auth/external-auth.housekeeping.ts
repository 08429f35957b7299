import { lt } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { externalAuthFlows } from './external-auth.schema'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Removes flows the auth service never answered, a day after they ended (kept that long so a late
 * answer gets "expired", not "invalid"). Flows of ended sessions are gone already (cascade).
 */
export async function sweepExternalAuthFlows(db: Database, now: Date): Promise<void> {
  await db.delete(externalAuthFlows).where(lt(externalAuthFlows.expiresAt, new Date(now.getTime() - DAY_MS)))
}
