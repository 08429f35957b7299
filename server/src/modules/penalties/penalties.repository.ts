import { and, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accounts } from '../accounts/accounts.schema'
import { purigetFailures } from './penalties.schema'
import type { BoardSnapshot } from './penalty-board'

export type PurigetPenalty = 'RED' | 'YELLOW' | 'GREEN'

export function accountSubject(accountId: string): string {
  return `account:${accountId}`
}

export function ipSubject(ip: string): string {
  return `ip:${ip}`
}

export interface FailureCounts {
  hourFailures: number
  dayFailures: number
  /** The subject's YELLOW end as it was before this failure (null: never YELLOW, or cleared). */
  yellowUntil: Date | null
}

export function createPenaltiesRepository(db: Database) {
  return {
    /**
     * The penalties in force, for this process's board: every subject with a YELLOW end (the sweep
     * keeps these few) and every RED account. Two reads on partial indexes.
     */
    async loadBoard(): Promise<BoardSnapshot> {
      const [yellow, red] = await Promise.all([
        db
          .select({ subject: purigetFailures.subject, yellowUntil: purigetFailures.yellowUntil })
          .from(purigetFailures)
          .where(isNotNull(purigetFailures.yellowUntil)),
        db.select({ id: accounts.id }).from(accounts).where(eq(accounts.purigetPenalty, 'RED')),
      ])
      return {
        yellowUntil: new Map(
          yellow.flatMap((row) => (row.yellowUntil ? [[row.subject, row.yellowUntil]] : [])),
        ),
        red: new Set(red.map((row) => row.id)),
      }
    },

    /** One more failure for a subject; its hour and day windows restart when they have run out. */
    async countFailure(
      subject: string,
      accountId: string | null,
      now: Date,
      windows: { hourMs: number; dayMs: number },
    ): Promise<FailureCounts> {
      const hourCutoff = new Date(now.getTime() - windows.hourMs)
      const dayCutoff = new Date(now.getTime() - windows.dayMs)
      const f = purigetFailures
      const [row] = await db
        .insert(f)
        .values({ subject, accountId, hourStart: now, hourFailures: 1, dayStart: now, dayFailures: 1 })
        .onConflictDoUpdate({
          target: f.subject,
          set: {
            hourFailures: sql`case when ${f.hourStart} <= ${hourCutoff} then 1 else ${f.hourFailures} + 1 end`,
            hourStart: sql`case when ${f.hourStart} <= ${hourCutoff} then ${now} else ${f.hourStart} end`,
            dayFailures: sql`case when ${f.dayStart} <= ${dayCutoff} then 1 else ${f.dayFailures} + 1 end`,
            dayStart: sql`case when ${f.dayStart} <= ${dayCutoff} then ${now} else ${f.dayStart} end`,
          },
        })
        .returning({ hourFailures: f.hourFailures, dayFailures: f.dayFailures, yellowUntil: f.yellowUntil })
      return row!
    },

    async setYellowUntil(subject: string, until: Date | null): Promise<void> {
      await db.update(purigetFailures).set({ yellowUntil: until }).where(eq(purigetFailures.subject, subject))
    },

    /** Writes the account's penalty; never lifts RED (only `clear` does). */
    async setAccountPenalty(accountId: string, penalty: PurigetPenalty): Promise<void> {
      await db
        .update(accounts)
        .set({ purigetPenalty: penalty })
        .where(and(eq(accounts.id, accountId), ne(accounts.purigetPenalty, 'RED')))
    },

    /** The account's stored penalty and its own YELLOW end (null when there is no such account). */
    async accountState(
      accountId: string,
    ): Promise<{ penalty: PurigetPenalty; yellowUntil: Date | null } | null> {
      const [row] = await db
        .select({ penalty: accounts.purigetPenalty, yellowUntil: purigetFailures.yellowUntil })
        .from(accounts)
        .leftJoin(purigetFailures, eq(purigetFailures.subject, sql`${'account:'} || ${accounts.id}::text`))
        .where(eq(accounts.id, accountId))
      return row ?? null
    },

    /** Back to GREEN with a clean slate: the stored penalty and the account's counters. */
    async clear(accountId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(purigetFailures).where(eq(purigetFailures.subject, accountSubject(accountId)))
        const updated = await tx
          .update(accounts)
          .set({ purigetPenalty: 'GREEN' })
          .where(eq(accounts.id, accountId))
          .returning({ id: accounts.id })
        return updated.length > 0
      })
    },

    /** Forgets counters whose windows and YELLOW are all over (addresses pile up otherwise). */
    async sweep(now: Date, windows: { hourMs: number; dayMs: number }): Promise<void> {
      const f = purigetFailures
      await db
        .delete(f)
        .where(
          and(
            lte(f.dayStart, new Date(now.getTime() - windows.dayMs)),
            lte(f.hourStart, new Date(now.getTime() - windows.hourMs)),
            or(isNull(f.yellowUntil), lte(f.yellowUntil, now)),
          ),
        )
    },
  }
}

export type PenaltiesRepository = ReturnType<typeof createPenaltiesRepository>
