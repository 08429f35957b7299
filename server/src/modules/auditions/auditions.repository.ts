import type { AuditionCheckState } from '@puribox/contract/auditions'
import { and, asc, desc, eq, gt, lt, lte, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { EventEnvelope } from '../events'
import { auditionApplications, auditionChecks, auditionGuardianConsents, auditions } from './auditions.schema'

export type AuditionRow = typeof auditions.$inferSelect
export type AuditionCheckRow = typeof auditionChecks.$inferSelect
export type AuditionDraft = Omit<typeof auditions.$inferInsert, 'createdAt'>
export type GuardianConsentRow = typeof auditionGuardianConsents.$inferSelect
export type GuardianConsentDraft = Omit<GuardianConsentRow, 'id' | 'state' | 'answeredAt'>
export type AuditionApplicationRow = typeof auditionApplications.$inferSelect
export type AuditionApplicationDraft = Omit<AuditionApplicationRow, 'id' | 'checkId'>

/** A consent answer: whether it was kept, and the row as it stands after. */
export interface ConsentAnswerResult {
  kept: boolean
  row: GuardianConsentRow
}

/** Postgres's unique violation: the other of two racing starts won. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

export function createAuditionsRepository(db: Database) {
  return {
    /** An account deleted: its checks go (the auditions stay). */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(auditionApplications).where(eq(auditionApplications.accountId, event.payload.accountId))
      await tx.delete(auditionChecks).where(eq(auditionChecks.accountId, event.payload.accountId))
      await tx
        .delete(auditionGuardianConsents)
        .where(eq(auditionGuardianConsents.accountId, event.payload.accountId))
    },

    /** Writes an audition unless one with its id exists (the demo seed, tests). */
    async addAudition(draft: AuditionDraft): Promise<void> {
      await db.insert(auditions).values(draft).onConflictDoNothing()
    },

    /** The auditions taking applications at `now`, those closing first first. */
    async openAuditions(now: Date): Promise<AuditionRow[]> {
      return db
        .select()
        .from(auditions)
        .where(and(lte(auditions.opensAt, now), gt(auditions.closesAt, now)))
        .orderBy(asc(auditions.closesAt), asc(auditions.id))
    },

    async findAudition(id: string): Promise<AuditionRow | null> {
      const [row] = await db.select().from(auditions).where(eq(auditions.id, id)).limit(1)
      return row ?? null
    },

    /** The member's checks, newest first. */
    async checksOf(accountId: string): Promise<AuditionCheckRow[]> {
      return db
        .select()
        .from(auditionChecks)
        .where(eq(auditionChecks.accountId, accountId))
        .orderBy(desc(auditionChecks.startedAt))
    },

    /** One of the member's checks (another's is not found). */
    async findCheck(accountId: string, id: string): Promise<AuditionCheckRow | null> {
      const [row] = await db
        .select()
        .from(auditionChecks)
        .where(and(eq(auditionChecks.id, id), eq(auditionChecks.accountId, accountId)))
        .limit(1)
      return row ?? null
    },

    /**
     * Stores a started check; when another start of the same member and audition won the race, its
     * PENDING check is answered instead.
     */
    async addCheck(
      row: Pick<
        AuditionCheckRow,
        'id' | 'accountId' | 'auditionId' | 'verifierSessionId' | 'verifierUrl' | 'startedAt' | 'expiresAt'
      >,
    ): Promise<AuditionCheckRow> {
      try {
        const [added] = await db.insert(auditionChecks).values(row).returning()
        return added!
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        const [pending] = await db
          .select()
          .from(auditionChecks)
          .where(
            and(
              eq(auditionChecks.accountId, row.accountId),
              eq(auditionChecks.auditionId, row.auditionId),
              eq(auditionChecks.state, 'PENDING'),
            ),
          )
          .limit(1)
        if (!pending) throw error
        return pending
      }
    },

    /**
     * Gives a PENDING check its final state, once: a check settled already (by another request)
     * is answered as it stands.
     */
    async settle(
      id: string,
      state: Exclude<AuditionCheckState, 'PENDING'>,
      completedAt: Date,
      /**
       * The application to send when the outcome is VERIFIED: written in the same transaction, so a
       * verified check always has its application. Should its insert fail (a reference number taken
       * already), nothing is kept and the check stays PENDING, to be settled at the next read.
       */
      application?: AuditionApplicationDraft,
    ): Promise<AuditionCheckRow> {
      const settled = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(auditionChecks)
          .set({ state, completedAt })
          .where(and(eq(auditionChecks.id, id), eq(auditionChecks.state, 'PENDING')))
          .returning()
        if (updated && state === 'VERIFIED' && application) {
          await tx
            .insert(auditionApplications)
            .values({ ...application, checkId: id })
            .onConflictDoNothing({ target: auditionApplications.checkId })
        }
        return updated
      })
      if (settled) return settled
      const [row] = await db.select().from(auditionChecks).where(eq(auditionChecks.id, id)).limit(1)
      return row!
    },

    /** The member's applications sent to organisers. */
    async applicationsOf(accountId: string): Promise<AuditionApplicationRow[]> {
      return db.select().from(auditionApplications).where(eq(auditionApplications.accountId, accountId))
    },

    /** The member's consent requests, newest first. */
    async consentsOf(accountId: string): Promise<GuardianConsentRow[]> {
      return db
        .select()
        .from(auditionGuardianConsents)
        .where(eq(auditionGuardianConsents.accountId, accountId))
        .orderBy(desc(auditionGuardianConsents.requestedAt))
    },

    /**
     * Stores a new consent request, replacing the member's PENDING one for the audition in the same
     * transaction (its link stops working). Of two racing requests the later one wins: the unique
     * index on PENDING refuses the first insert that loses, and it replaces and inserts again.
     */
    async requestConsent(draft: GuardianConsentDraft): Promise<GuardianConsentRow> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            await tx
              .update(auditionGuardianConsents)
              .set({ state: 'REPLACED' })
              .where(
                and(
                  eq(auditionGuardianConsents.accountId, draft.accountId),
                  eq(auditionGuardianConsents.auditionId, draft.auditionId),
                  eq(auditionGuardianConsents.state, 'PENDING'),
                ),
              )
            const [added] = await tx.insert(auditionGuardianConsents).values(draft).returning()
            return added!
          })
        } catch (error) {
          if (attempt > 0 || !isUniqueViolation(error)) throw error
        }
      }
    },

    /** Forgets a request whose mail could not be sent: its link never reached anyone. */
    async removeConsent(id: string): Promise<void> {
      await db.delete(auditionGuardianConsents).where(eq(auditionGuardianConsents.id, id))
    },

    async consentByTokenHash(tokenHash: string): Promise<GuardianConsentRow | null> {
      const [row] = await db
        .select()
        .from(auditionGuardianConsents)
        .where(eq(auditionGuardianConsents.tokenHash, tokenHash))
        .limit(1)
      return row ?? null
    },

    /**
     * Keeps the guardian's answer once: only a PENDING request whose link still works changes. When
     * another answer, a newer request or the end came first, the row is answered as it stands.
     */
    async answerConsent(id: string, state: 'AGREED' | 'DECLINED', now: Date): Promise<ConsentAnswerResult> {
      const [kept] = await db
        .update(auditionGuardianConsents)
        .set({ state, answeredAt: now })
        .where(
          and(
            eq(auditionGuardianConsents.id, id),
            eq(auditionGuardianConsents.state, 'PENDING'),
            gt(auditionGuardianConsents.expiresAt, now),
          ),
        )
        .returning()
      if (kept) return { kept: true, row: kept }
      const [row] = await db
        .select()
        .from(auditionGuardianConsents)
        .where(eq(auditionGuardianConsents.id, id))
        .limit(1)
      return { kept: false, row: row! }
    },

    /**
     * Housekeeping: requests nobody agreed to (declined, replaced, never answered) are forgotten a
     * while after their link ended, with the guardian's name and address. Agreed ones stay with the
     * account: they are what the application was sent on.
     */
    async sweepConsents(cutoff: Date): Promise<void> {
      await db
        .delete(auditionGuardianConsents)
        .where(
          and(ne(auditionGuardianConsents.state, 'AGREED'), lt(auditionGuardianConsents.expiresAt, cutoff)),
        )
    },
  }
}

export type AuditionsRepository = ReturnType<typeof createAuditionsRepository>
