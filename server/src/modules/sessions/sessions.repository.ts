import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { sessions } from '../../db/schema'

export type SessionRow = typeof sessions.$inferSelect

export function createSessionsRepository(db: Database) {
  return {
    async findByIdHash(idHash: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1)
      return row ?? null
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
