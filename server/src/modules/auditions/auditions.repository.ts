import type { AuditionCheckState } from '@puribox/contract/auditions'
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { AccountDeleted } from '../account-hooks'
import { auditionChecks, auditions } from './auditions.schema'

export type AuditionRow = typeof auditions.$inferSelect
export type AuditionCheckRow = typeof auditionChecks.$inferSelect
export type AuditionDraft = Omit<typeof auditions.$inferInsert, 'createdAt'>

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
    async accountDeleted(tx: Database, event: AccountDeleted): Promise<undefined> {
      await tx.delete(auditionChecks).where(eq(auditionChecks.accountId, event.accountId))
      return undefined
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
    ): Promise<AuditionCheckRow> {
      const [settled] = await db
        .update(auditionChecks)
        .set({ state, completedAt })
        .where(and(eq(auditionChecks.id, id), eq(auditionChecks.state, 'PENDING')))
        .returning()
      if (settled) return settled
      const [row] = await db.select().from(auditionChecks).where(eq(auditionChecks.id, id)).limit(1)
      return row!
    },
  }
}

export type AuditionsRepository = ReturnType<typeof createAuditionsRepository>
