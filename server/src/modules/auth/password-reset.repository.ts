import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { AccountRow } from '../accounts/accounts.schema'
import { passwordResets } from './auth.schema'

export type PasswordResetRow = typeof passwordResets.$inferSelect

/** What a password reset needs of the accounts module (its service). */
export interface PasswordResetAccounts {
  findById(id: string): Promise<AccountRow | null>
  findByMail(mailAddress: string): Promise<AccountRow | null>
  setPasswordHash(accountId: string, passwordHash: string, tx: Database): Promise<AccountRow | null>
}

/** What a password reset needs of the session service: the account's sessions all end. */
export interface PasswordResetSessions {
  endAllOf(accountId: string, tx: Database): Promise<void>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function createPasswordResetRepository(
  db: Database,
  deps: { accounts: PasswordResetAccounts; sessions: PasswordResetSessions },
) {
  const { accounts, sessions } = deps
  return {
    findAccountByMail: (mailAddress: string) => accounts.findByMail(mailAddress),
    findAccount: (id: string) => accounts.findById(id),

    async insert(values: typeof passwordResets.$inferInsert): Promise<PasswordResetRow> {
      const [row] = await db.insert(passwordResets).values(values).returning()
      return row!
    },

    async find(id: string): Promise<PasswordResetRow | null> {
      if (!UUID.test(id)) return null
      const [row] = await db.select().from(passwordResets).where(eq(passwordResets.id, id)).limit(1)
      return row ?? null
    },

    /** One more wrong code (or link); returns the new count. */
    async countFailure(id: string): Promise<number> {
      const [row] = await db
        .update(passwordResets)
        .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
        .where(eq(passwordResets.id, id))
        .returning({ failedAttempts: passwordResets.failedAttempts })
      return row?.failedAttempts ?? Number.POSITIVE_INFINITY
    },

    async markVerified(id: string, sessionHash: string, now: Date): Promise<void> {
      await db
        .update(passwordResets)
        .set({ verifiedSessionHash: sessionHash, verifiedAt: now })
        .where(and(eq(passwordResets.id, id), isNull(passwordResets.consumedAt)))
    },

    /**
     * The new password, in one transaction: the reset is used up (null when it was used meanwhile,
     * and nothing changes), so is every other open reset of the account, the password is set and
     * every session of the account ends.
     */
    async completeReset(options: {
      resetId: string
      accountId: string
      passwordHash: string
      now: Date
    }): Promise<AccountRow | null> {
      return db.transaction(async (tx) => {
        const consumed = await tx
          .update(passwordResets)
          .set({ consumedAt: options.now })
          .where(and(eq(passwordResets.id, options.resetId), isNull(passwordResets.consumedAt)))
          .returning({ id: passwordResets.id })
        if (consumed.length === 0) return null
        await tx
          .update(passwordResets)
          .set({ consumedAt: options.now })
          .where(and(eq(passwordResets.accountId, options.accountId), isNull(passwordResets.consumedAt)))
        const account = await accounts.setPasswordHash(options.accountId, options.passwordHash, tx)
        await sessions.endAllOf(options.accountId, tx)
        return account
      })
    },

    /** An account deleted: the resets of its address, or for it, go with it. */
    async forget(account: { accountId: string; mailAddress: string | null }, tx: Database): Promise<void> {
      await tx
        .delete(passwordResets)
        .where(
          account.mailAddress
            ? or(
                eq(passwordResets.accountId, account.accountId),
                eq(passwordResets.mailAddress, account.mailAddress),
              )
            : eq(passwordResets.accountId, account.accountId),
        )
    },
  }
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>
