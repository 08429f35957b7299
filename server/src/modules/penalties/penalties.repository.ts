import type { PurigetPenaltyReason, SnsPenaltyReason } from '@puribox/contract/penalty-reasons'
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type AccountRow, accounts as accountsTable, type PurigetPenalty } from '../accounts/accounts.schema'
import type { Actor } from '../actor'
import type { EventBus, EventEnvelope } from '../events'
import { operators } from '../operators/operators.schema'
import type { PenaltySet } from './penalties.events'
import { type PenaltyKind, penaltyDecisions, purigetFailures } from './penalties.schema'
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

/** What penalties need of the accounts module: the RED accounts, and the penalties stored on an account. */
export interface PenaltyAccounts {
  redPenaltyAccountIds(): Promise<string[]>
  setPurigetPenalty(
    accountId: string,
    penalty: PurigetPenalty,
    options: { keepRed: boolean },
    tx?: Database,
  ): Promise<boolean>
  lockPenalties(
    accountId: string,
    tx: Database,
  ): Promise<Pick<AccountRow, 'snsPenalty' | 'purigetPenalty'> | null>
  setSnsPenalty(accountId: string, penalty: AccountRow['snsPenalty'], tx: Database): Promise<void>
}

/** Who changes a penalty, when, and the operator's note (for operators only; null when none). */
export interface PenaltyChange {
  actor: Actor
  at: Date
  note: string | null
}

/** Why and by whom a penalty in force was set, with the operator's mail address as it is now. */
export interface PenaltyDecision {
  kind: PenaltyKind
  reason: PurigetPenaltyReason | SnsPenaltyReason
  note: string | null
  operatorId: string | null
  operatorMailAddress: string | null
  job: string | null
  decidedAt: Date
}

/** The reason codes of an account's penalties in force, as the member is told them. */
export interface PenaltyReasons {
  sns: SnsPenaltyReason | null
  puriget: PurigetPenaltyReason | null
}

/** What a penalty of a kind is on the account as stored: `{ penalty, reason }` for the events. */
function stateOf(
  kind: PenaltyKind,
  stored: Pick<AccountRow, 'snsPenalty' | 'purigetPenalty'>,
  decision: { reason: string } | undefined,
): { penalty: string | null; reason: string | null } {
  return {
    penalty: kind === 'SNS' ? stored.snsPenalty : stored.purigetPenalty,
    reason: decision?.reason ?? null,
  }
}

export function createPenaltiesRepository(
  db: Database,
  accounts: PenaltyAccounts,
  /** Where `penalty.set` and `penalty.cleared` go (`penalties.events.ts`). */
  events: Pick<EventBus, 'emit'>,
) {
  async function decisionOf(tx: Database, accountId: string, kind: PenaltyKind) {
    const [row] = await tx
      .select()
      .from(penaltyDecisions)
      .where(and(eq(penaltyDecisions.accountId, accountId), eq(penaltyDecisions.kind, kind)))
    return row
  }

  return {
    /** An account deleted: its failure counters and penalty decisions go (its address's stay). */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(purigetFailures).where(eq(purigetFailures.accountId, event.payload.accountId))
      await tx.delete(penaltyDecisions).where(eq(penaltyDecisions.accountId, event.payload.accountId))
    },

    /**
     * Sets (or changes) a penalty with its reason, in one transaction with its `penalty.set` event:
     * the account's column, who decided and why. UNCHANGED, writing nothing, when the penalty, its
     * reason and the note are already so, or (`keepInForce`) when a penalty of the kind is in force
     * already (the rules turning RED an account an operator made RED keep the operator's reason).
     * Null when there is no such account.
     */
    async set(
      change: PenaltyChange,
      accountId: string,
      set: PenaltySet,
      options: { keepInForce: boolean } = { keepInForce: false },
    ): Promise<'SET' | 'UNCHANGED' | null> {
      return db.transaction(async (tx) => {
        const stored = await accounts.lockPenalties(accountId, tx)
        if (!stored) return null
        const decision = await decisionOf(tx, accountId, set.kind)
        const before = stateOf(set.kind, stored, decision)
        const inForce = before.penalty === set.penalty
        if (
          inForce &&
          (options.keepInForce || (decision?.reason === set.reason && decision.note === change.note))
        )
          return 'UNCHANGED'
        if (set.kind === 'PURIGET') await accounts.setPurigetPenalty(accountId, 'RED', { keepRed: false }, tx)
        else await accounts.setSnsPenalty(accountId, set.penalty, tx)
        const { actor } = change
        const decided = {
          reason: set.reason,
          note: change.note,
          operatorId: actor.kind === 'operator' ? actor.operatorId : null,
          job: actor.kind === 'system' ? actor.job : null,
          decidedAt: change.at,
        }
        await tx
          .insert(penaltyDecisions)
          .values({ accountId, kind: set.kind, ...decided })
          .onConflictDoUpdate({ target: [penaltyDecisions.accountId, penaltyDecisions.kind], set: decided })
        await events.emit(tx, 'penalty.set', {
          actor,
          at: change.at,
          target: { kind: 'account', id: accountId },
          reason: change.note,
          before,
          after: { penalty: set.penalty, reason: set.reason },
          payload: { accountId, ...set },
        })
        return 'SET'
      })
    },

    /**
     * Lifts a penalty, in one transaction with its `penalty.cleared` event: SNS back to none; puri
     * getting back to GREEN with the account's counters forgotten (a YELLOW ends with them).
     * NOT_SET, writing nothing, when `inForce` says there is nothing to lift; null when there is no
     * such account.
     */
    async clear(
      change: PenaltyChange,
      accountId: string,
      kind: PenaltyKind,
      inForce: (
        stored: Pick<AccountRow, 'snsPenalty' | 'purigetPenalty'>,
        yellowUntil: Date | null,
      ) => boolean,
    ): Promise<'CLEARED' | 'NOT_SET' | null> {
      return db.transaction(async (tx) => {
        const stored = await accounts.lockPenalties(accountId, tx)
        if (!stored) return null
        const [counters] = await tx
          .select({ yellowUntil: purigetFailures.yellowUntil })
          .from(purigetFailures)
          .where(eq(purigetFailures.subject, accountSubject(accountId)))
        if (!inForce(stored, counters?.yellowUntil ?? null)) return 'NOT_SET'
        const decision = await decisionOf(tx, accountId, kind)
        if (kind === 'PURIGET') {
          await tx.delete(purigetFailures).where(eq(purigetFailures.subject, accountSubject(accountId)))
          await accounts.setPurigetPenalty(accountId, 'GREEN', { keepRed: false }, tx)
        } else {
          await accounts.setSnsPenalty(accountId, null, tx)
        }
        await tx
          .delete(penaltyDecisions)
          .where(and(eq(penaltyDecisions.accountId, accountId), eq(penaltyDecisions.kind, kind)))
        await events.emit(tx, 'penalty.cleared', {
          actor: change.actor,
          at: change.at,
          target: { kind: 'account', id: accountId },
          reason: change.note,
          before: stateOf(kind, stored, decision),
          after: { penalty: kind === 'SNS' ? null : 'GREEN', reason: null },
          payload: { accountId, kind },
        })
        return 'CLEARED'
      })
    },

    /** Why and by whom the account's penalties in force were set (none for a penalty set before this was kept). */
    async decisionsOf(accountId: string): Promise<PenaltyDecision[]> {
      const rows = await db
        .select({ decision: penaltyDecisions, operatorMailAddress: operators.mailAddress })
        .from(penaltyDecisions)
        .leftJoin(operators, eq(operators.id, penaltyDecisions.operatorId))
        .where(eq(penaltyDecisions.accountId, accountId))
      return rows.map(({ decision, operatorMailAddress }) => ({
        kind: decision.kind,
        reason: decision.reason,
        note: decision.note,
        operatorId: decision.operatorId,
        operatorMailAddress,
        job: decision.job,
        decidedAt: decision.decidedAt,
      }))
    },

    /** The reason codes of the account's penalties in force, as the member is told them. */
    async reasonsOf(accountId: string): Promise<PenaltyReasons> {
      const rows = await db
        .select({ kind: penaltyDecisions.kind, reason: penaltyDecisions.reason })
        .from(penaltyDecisions)
        .where(eq(penaltyDecisions.accountId, accountId))
      const of = (kind: PenaltyKind) => rows.find((row) => row.kind === kind)?.reason ?? null
      return {
        sns: of('SNS') as SnsPenaltyReason | null,
        puriget: of('PURIGET') as PurigetPenaltyReason | null,
      }
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
