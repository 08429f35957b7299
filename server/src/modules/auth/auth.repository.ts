import type { PolicyKind } from '@puribox/contract/policies'
import { and, eq, isNull, or, sql, TransactionRollbackError } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import type { AccountRow } from '../accounts/accounts.schema'
import { mailVerifications, signInDevices } from './auth.schema'

export type VerificationRow = typeof mailVerifications.$inferSelect
export type { AccountRow }

/** What registration needs of the accounts module (its service). */
export interface AuthAccounts {
  findById(id: string): Promise<AccountRow | null>
  findByMail(mailAddress: string): Promise<AccountRow | null>
  create(
    values: { registeredAt: Date; mailAddress: string; passwordHash: string },
    tx: Database,
  ): Promise<AccountRow | null>
  setMailAddress(
    accountId: string,
    values: { mailAddress: string; passwordHash: string | null },
    tx: Database,
  ): Promise<AccountRow | null>
}

/** What a registration needs of the policies module: recording an agreement made while registering. */
export interface AuthAgreements {
  recordAgreements(
    accountId: string,
    versions: readonly { kind: PolicyKind; version: string }[],
    agreedAt: Date,
    tx: Database,
  ): Promise<void>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * Marks a verification used, once: false when it was used meanwhile, or belongs to another
 * purpose (`accountId` null: a registration; else that member's address change).
 */
async function consume(tx: Transaction, id: string, accountId: string | null, now: Date): Promise<boolean> {
  const consumed = await tx
    .update(mailVerifications)
    .set({ consumedAt: now })
    .where(
      and(
        eq(mailVerifications.id, id),
        accountId === null ? isNull(mailVerifications.accountId) : eq(mailVerifications.accountId, accountId),
        isNull(mailVerifications.consumedAt),
      ),
    )
    .returning({ id: mailVerifications.id })
  return consumed.length > 0
}

export function createAuthRepository(db: Database, accounts: AuthAccounts, agreements: AuthAgreements) {
  return {
    findAccountByMail: (mailAddress: string) => accounts.findByMail(mailAddress),

    async insertVerification(values: typeof mailVerifications.$inferInsert): Promise<VerificationRow> {
      const [row] = await db.insert(mailVerifications).values(values).returning()
      return row!
    },

    async findVerification(id: string): Promise<VerificationRow | null> {
      if (!UUID.test(id)) return null
      const [row] = await db.select().from(mailVerifications).where(eq(mailVerifications.id, id)).limit(1)
      return row ?? null
    },

    /** One more wrong guess; returns the new count. */
    async countFailure(id: string): Promise<number> {
      const [row] = await db
        .update(mailVerifications)
        .set({ failedAttempts: sql`${mailVerifications.failedAttempts} + 1` })
        .where(eq(mailVerifications.id, id))
        .returning({ failedAttempts: mailVerifications.failedAttempts })
      return row?.failedAttempts ?? Number.POSITIVE_INFINITY
    },

    async markVerified(id: string, sessionHash: string, now: Date): Promise<void> {
      await db
        .update(mailVerifications)
        .set({ verifiedSessionHash: sessionHash, verifiedAt: now })
        .where(and(eq(mailVerifications.id, id), isNull(mailVerifications.consumedAt)))
    },

    findAccount: (id: string) => accounts.findById(id),

    /** An account deleted: the verifications of its address, or for it, go with it. */
    async forgetVerifications(
      account: { accountId: string; mailAddress: string | null },
      tx: Database,
    ): Promise<void> {
      await tx
        .delete(mailVerifications)
        .where(
          account.mailAddress
            ? or(
                eq(mailVerifications.accountId, account.accountId),
                eq(mailVerifications.mailAddress, account.mailAddress),
              )
            : eq(mailVerifications.accountId, account.accountId),
        )
    },

    /**
     * Consumes a member's verification and gives the account its address (and, for an account that
     * had none, a password), in one transaction. Null when the verification was consumed meanwhile;
     * 'TAKEN' when another account has the address.
     */
    async attachMailAddress(options: {
      verificationId: string
      accountId: string
      mailAddress: string
      passwordHash: string | null
      now: Date
    }): Promise<AccountRow | null | 'TAKEN'> {
      return db
        .transaction(async (tx) => {
          if (!(await consume(tx, options.verificationId, options.accountId, options.now))) return null
          return accounts.setMailAddress(
            options.accountId,
            { mailAddress: options.mailAddress, passwordHash: options.passwordHash },
            tx,
          )
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return 'TAKEN' as const
          throw error
        })
    },

    /**
     * Consumes the verification and creates the account, in one transaction: either both happen or
     * neither. Null when the verification was consumed meanwhile; 'TAKEN' when the address got an
     * account meanwhile.
     */
    /**
     * Uses the verification, makes the account and records the policies it agreed to while
     * registering (none: it agrees afterwards), all in one transaction.
     */
    async registerAccount(options: {
      verificationId: string
      mailAddress: string
      passwordHash: string
      agreed: readonly { kind: PolicyKind; version: string }[]
      now: Date
    }): Promise<AccountRow | null | 'TAKEN'> {
      return db
        .transaction(async (tx) => {
          if (!(await consume(tx, options.verificationId, null, options.now))) return null
          const created = await accounts.create(
            {
              mailAddress: options.mailAddress,
              passwordHash: options.passwordHash,
              registeredAt: options.now,
            },
            tx,
          )
          if (!created) tx.rollback()
          await agreements.recordAgreements(created!.id, options.agreed, options.now, tx)
          return created!
        })
        .catch((error: unknown) => {
          // Rolled back on purpose: the address got an account meanwhile, the verification stays unused.
          if (error instanceof TransactionRollbackError) return 'TAKEN' as const
          throw error
        })
    },

    /** Whether the browser with this device token has signed in to the account with its password. */
    async isKnownDevice(tokenHash: string, accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ accountId: signInDevices.accountId })
        .from(signInDevices)
        .where(and(eq(signInDevices.tokenHash, tokenHash), eq(signInDevices.accountId, accountId)))
      return row !== undefined
    },

    /** The browser with this device token signed in to the account now. */
    async rememberDevice(tokenHash: string, accountId: string, now: Date): Promise<void> {
      await db
        .insert(signInDevices)
        .values({ tokenHash, accountId, lastUsedAt: now })
        .onConflictDoUpdate({
          target: [signInDevices.tokenHash, signInDevices.accountId],
          set: { lastUsedAt: now },
        })
    },
  }
}

export type AuthRepository = ReturnType<typeof createAuthRepository>
