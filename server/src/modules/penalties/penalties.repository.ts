import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accounts as accountsTable, type PurigetPenalty } from '../accounts/accounts.schema'
import type { EventEnvelope } from '../events'
import { purigetFailures } from './penalties.schema'
import type { BoardSnapshot } from './penalty-board'

export type { PurigetPenalty }

export function accountSubject(accountId: string): string {
  return `account:${accountId}`
}

/** A guest's browser, by the hash of the key in its `pbx_puriget` cookie (the key itself is not kept). */
export function guestSubject(keyHash: string): string {
  return `guest:${keyHash}`
}

export function ipSubject(ip: string): string {
  return `ip:${ip}`
}

/**
 * The lookups on a client address that browsers marked as made by another site's page, counted
 * apart from the address's guests: a stranger's page can pause only these, and they are never a
 * real guest's own lookups (PuriBox's pages look seals up from PuriBox's origin).
 */
export function otherSiteSubject(ip: string): string {
  return `other-site:${ip}`
}

export interface FailureCounts {
  /** Distinct unknown seal IDs in the subject's hour window, this one included. */
  hourFailures: number
  /** The same in the day window (accounts only; 0 for other subjects). */
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
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(purigetFailures).where(eq(purigetFailures.accountId, event.payload.accountId))
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

    /**
     * An unknown seal ID looked up by a subject: added to its windows unless already there (so it
     * counts once however often it is asked, even twice at once: the upsert takes the row's lock);
     * a window that has run out starts again with this ID. The day window is kept for accounts only.
     */
    async countFailure(
      subject: string,
      accountId: string | null,
      sealId: string,
      now: Date,
      windows: { hourMs: number; dayMs: number },
    ): Promise<FailureCounts> {
      const hourCutoff = new Date(now.getTime() - windows.hourMs)
      const dayCutoff = new Date(now.getTime() - windows.dayMs)
      const f = purigetFailures
      const only = sql`array[${sealId}]::text[]`
      const added = (ids: typeof f.hourSealIds | typeof f.daySealIds) =>
        sql`case when ${sealId} = any(${ids}) then ${ids} else array_append(${ids}, ${sealId}) end`
      const [row] = await db
        .insert(f)
        .values({
          subject,
          accountId,
          hourStart: now,
          hourSealIds: [sealId],
          dayStart: now,
          daySealIds: accountId ? [sealId] : [],
        })
        .onConflictDoUpdate({
          target: f.subject,
          set: {
            hourSealIds: sql`case when ${f.hourStart} <= ${hourCutoff} then ${only} else ${added(f.hourSealIds)} end`,
            hourStart: sql`case when ${f.hourStart} <= ${hourCutoff} then ${now} else ${f.hourStart} end`,
            daySealIds: sql`case when ${f.accountId} is null then '{}'::text[] when ${f.dayStart} <= ${dayCutoff} then ${only} else ${added(f.daySealIds)} end`,
            dayStart: sql`case when ${f.dayStart} <= ${dayCutoff} then ${now} else ${f.dayStart} end`,
          },
        })
        .returning({
          hourFailures: sql<number>`cardinality(${f.hourSealIds})`.mapWith(Number),
          dayFailures: sql<number>`cardinality(${f.daySealIds})`.mapWith(Number),
          yellowUntil: f.yellowUntil,
        })
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

    /**
     * Forgets counters whose windows and YELLOW are all over (addresses and guests' browsers pile up
     * otherwise): a guest's or an address's after its hour, an account's after its day.
     */
    async sweep(now: Date, windows: { hourMs: number; dayMs: number }): Promise<void> {
      const f = purigetFailures
      await db
        .delete(f)
        .where(
          and(
            or(isNull(f.accountId), lte(f.dayStart, new Date(now.getTime() - windows.dayMs))),
            lte(f.hourStart, new Date(now.getTime() - windows.hourMs)),
            or(isNull(f.yellowUntil), lte(f.yellowUntil, now)),
          ),
        )
    },
  }
}

export type PenaltiesRepository = ReturnType<typeof createPenaltiesRepository>
