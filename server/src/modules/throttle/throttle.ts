import { inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { throttleBuckets } from './throttle.schema'

export interface Limit {
  /** Hits allowed in one window. */
  max: number
  windowMs: number
}

export interface ThrottleResult {
  allowed: boolean
  /** Seconds until the window ends (for `Retry-After`). */
  retryAfterSeconds: number
}

/**
 * Fixed-window rate limits kept in the database (one upsert per hit), so every server process
 * counts the same hits. Keys name what is limited: `login:ip:<addr>`, `login:mail:<addr>`, ….
 */
export function createThrottle(db: Database) {
  async function hit(key: string, limit: Limit, now: Date): Promise<ThrottleResult> {
    const windowStartCutoff = new Date(now.getTime() - limit.windowMs)
    const [row] = await db
      .insert(throttleBuckets)
      .values({ key, windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: throttleBuckets.key,
        set: {
          hits: sql`case when ${throttleBuckets.windowStart} <= ${windowStartCutoff} then 1 else ${throttleBuckets.hits} + 1 end`,
          windowStart: sql`case when ${throttleBuckets.windowStart} <= ${windowStartCutoff} then ${now} else ${throttleBuckets.windowStart} end`,
        },
      })
      .returning({ hits: throttleBuckets.hits, windowStart: throttleBuckets.windowStart })
    const windowEnd = row!.windowStart.getTime() + limit.windowMs
    return {
      allowed: row!.hits <= limit.max,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
    }
  }

  return {
    hit,
    /** The current count without adding a hit (null when no window is open). */
    async peek(key: string, limit: Limit, now: Date): Promise<ThrottleResult> {
      const [row] = await db.select().from(throttleBuckets).where(sql`${throttleBuckets.key} = ${key}`)
      if (!row || row.windowStart.getTime() + limit.windowMs <= now.getTime()) {
        return { allowed: true, retryAfterSeconds: 0 }
      }
      return {
        allowed: row.hits < limit.max,
        retryAfterSeconds: Math.max(
          1,
          Math.ceil((row.windowStart.getTime() + limit.windowMs - now.getTime()) / 1000),
        ),
      }
    },
    /** Forget a key (a successful sign-in clears its address's failures). */
    async clear(key: string): Promise<void> {
      await db.delete(throttleBuckets).where(sql`${throttleBuckets.key} = ${key}`)
    },
    /** Forget these exact keys, in the caller's transaction (an account deleted: its owner names them). */
    async forget(keys: readonly string[], tx: Database = db): Promise<void> {
      if (keys.length > 0) await tx.delete(throttleBuckets).where(inArray(throttleBuckets.key, [...keys]))
    },
    /** Housekeeping: windows that ended before `cutoff` count for nothing any more. */
    async sweep(cutoff: Date): Promise<void> {
      await db.delete(throttleBuckets).where(lt(throttleBuckets.windowStart, cutoff))
    },
  }
}

export type Throttle = ReturnType<typeof createThrottle>
