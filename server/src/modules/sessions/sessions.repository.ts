import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accounts, sessions } from '../../db/schema'

export type SessionRow = typeof sessions.$inferSelect
/** The session and, when it is signed in, its account's membership (one query per request). */
export type SessionWithMembership = SessionRow & { membershipStatus: 'MINI' | 'PREMIUM' | null }

export function createSessionsRepository(db: Database) {
  // Built once: it runs for every request that carries a session cookie.
  const byIdHash = db
    .select({ session: sessions, membershipStatus: accounts.membershipStatus })
    .from(sessions)
    .leftJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('session_by_id_hash')
  return {
    async findByIdHash(idHash: string): Promise<SessionWithMembership | null> {
      const [row] = await byIdHash.execute({ idHash })
      return row ? { ...row.session, membershipStatus: row.membershipStatus } : null
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
    async delete(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash))
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
