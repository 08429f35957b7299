import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accounts } from './accounts.schema'

export type AccountRow = typeof accounts.$inferSelect

export function createAccountsRepository(db: Database) {
  return {
    async findById(id: string): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1)
      return row ?? null
    },
  }
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>
