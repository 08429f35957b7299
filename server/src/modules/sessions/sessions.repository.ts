import { desc, eq, sql } from 'drizzle-orm'
import { createBatcher } from '../../db/batcher'
import type { Database } from '../../db/client'
import { accounts } from '../accounts/accounts.schema'
import type { MembershipEnds } from '../accounts/membership'
import { sessions } from './sessions.schema'

export type SessionRow = typeof sessions.$inferSelect
/**
 * The session and, when it is signed in to an account that exists, that account's premium end (one
 * query per request). `account` is null for a guest's session, or when the account is gone.
 */
export type SessionWithMembership = SessionRow & { account: MembershipEnds | null }

/** Lookups of sessions that arrive together go as one query (decision 0015): one runs per request. */
export const SESSION_LOOKUP_BATCH = { maxBatch: 128, maxInFlight: 2 } as const

export function createSessionsRepository(db: Database) {
  const byIdHashes = db
    .select({
      session: sessions,
      accountId: accounts.id,
      premiumUntil: accounts.premiumUntil,
      schoolPremiumUntil: accounts.schoolPremiumUntil,
    })
    .from(sessions)
    .leftJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(sql`${sessions.idHash} = any(${sql.placeholder('idHashes')}::text[])`)
    .prepare('sessions_by_id_hashes')
  const findBatched = createBatcher<string, SessionWithMembership | null>({
    async run(idHashes) {
      const rows = await byIdHashes.execute({ idHashes: [...idHashes] })
      const found = new Map(
        rows.map((row) => [
          row.session.idHash,
          {
            ...row.session,
            account: row.accountId
              ? { premiumUntil: row.premiumUntil, schoolPremiumUntil: row.schoolPremiumUntil }
              : null,
          },
        ]),
      )
      return idHashes.map((idHash) => found.get(idHash) ?? null)
    },
    keyOf: (idHash) => idHash,
    ...SESSION_LOOKUP_BATCH,
  })
  /** Every session of the account ends, in the caller's transaction; answers how many there were. */
  async function endAllOfAccount(accountId: string, tx: Database = db): Promise<number> {
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.accountId, accountId))
      .returning({ idHash: sessions.idHash })
    return ended.length
  }
  return {
    /**
     * Every session of the account ends: its password was reset (the browser that reset it signs in
     * anew), or the member signed out everywhere.
     */
    endAllOfAccount,
    findByIdHash(idHash: string): Promise<SessionWithMembership | null> {
      return findBatched(idHash)
    },
    async insert(row: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [created] = await db.insert(sessions).values(row).returning()
      return created!
    },
    async update(
      idHash: string,
      changes: Partial<Pick<SessionRow, 'nativeApp' | 'timeTravelTo' | 'lastSeenAt' | 'expiresAt'>>,
    ): Promise<void> {
      await db.update(sessions).set(changes).where(eq(sessions.idHash, idHash))
    },
    /** The account's sessions, the most recently used first (ended ones may be among them). */
    async listOfAccount(accountId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(eq(sessions.accountId, accountId))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    },
    async delete(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash))
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
