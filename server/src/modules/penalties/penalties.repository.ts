import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { AccountDeleted } from '../account-hooks'
import { accounts as accountsTable, type PurigetPenalty } from '../accounts/accounts.schema'
import { purigetFailures } from './penalties.schema'
import type { BoardSnapshot } from './penalty-board'

export type { PurigetPenalty }

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

/** What penalties need of the accounts module: the RED accounts, and the penalty stored on an account. */
export interface PenaltyAccounts {
  redPenaltyAccountIds(): Promise<string[]>
  setPurigetPenalty(
    accountId: string,
    penalty: PurigetPenalty,
    options: { keepRed: boolean },
    tx?: Database,
  ): Promise<boolean>
}

export function createPenaltiesRepository(db: Database, accounts: PenaltyAccounts) {
  return {
    /** An account deleted: its failure counters go (its address's stay: they are not about it). */
    async accountDeleted(tx: Database, event: AccountDeleted): Promise<undefined> {
      await tx.delete(purigetFailures).where(eq(purigetFailures.accountId, event.accountId))
      return undefined
    },
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
        accounts.redPenaltyAccountIds(),
      ])
      return {
        yellowUntil: new Map(
          yellow.flatMap((row) => (row.yellowUntil ? [[row.subject, row.yellowUntil]] : [])),
        ),
        red: new Set(red),
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
      await accounts.setPurigetPenalty(accountId, penalty, { keepRed: true })
    },

    /** The account's stored penalty and its own YELLOW end (null when there is no such account). */
    async accountState(
      accountId: string,
    ): Promise<{ penalty: PurigetPenalty; yellowUntil: Date | null } | null> {
      const [row] = await db
        .select({ penalty: accountsTable.purigetPenalty, yellowUntil: purigetFailures.yellowUntil })
        .from(accountsTable)
        .leftJoin(
          purigetFailures,
          eq(purigetFailures.subject, sql`${'account:'} || ${accountsTable.id}::text`),
        )
        .where(eq(accountsTable.id, accountId))
      return row ?? null
    },

    /** Back to GREEN with a clean slate: the stored penalty and the account's counters. */
    async clear(accountId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(purigetFailures).where(eq(purigetFailures.subject, accountSubject(accountId)))
        return accounts.setPurigetPenalty(accountId, 'GREEN', { keepRed: false }, tx)
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
