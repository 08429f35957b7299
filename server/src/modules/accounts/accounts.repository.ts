import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type AccountRow, accounts, type PurigetPenalty } from './accounts.schema'

export type { AccountRow }

/**
 * The only writer of `accounts`. Other modules get the methods they need through the accounts'
 * service (`kit.need('accounts')`); a method another module calls inside its own transaction takes
 * that transaction as `tx` (the repository's own database otherwise), so both changes commit or
 * neither does.
 */
export function createAccountsRepository(db: Database) {
  return {
    async findById(id: string, tx: Database = db): Promise<AccountRow | null> {
      const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).limit(1)
      return row ?? null
    },

    async findByMail(mailAddress: string): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.mailAddress, mailAddress)).limit(1)
      return row ?? null
    },

    /** The accounts that have these addresses (the demo seed asks which of its accounts exist). */
    async findByMails(mailAddresses: readonly string[]): Promise<AccountRow[]> {
      if (mailAddresses.length === 0) return []
      return db
        .select()
        .from(accounts)
        .where(inArray(accounts.mailAddress, [...mailAddresses]))
    },

    /**
     * A new free (MINI) account. With a mail address, null when another account has it (the caller
     * decides whether that rolls its transaction back).
     */
    async create(
      values: {
        registeredAt: Date
        mailAddress?: string
        passwordHash?: string
        official?: boolean
      },
      tx: Database = db,
    ): Promise<AccountRow | null> {
      const [row] = await tx
        .insert(accounts)
        .values(values)
        .onConflictDoNothing({ target: accounts.mailAddress })
        .returning()
      return row ?? null
    },

    /**
     * Gives the account a mail address (and a password, when one is given). A unique violation
     * propagates when another account has the address: the caller's transaction decides.
     */
    async setMailAddress(
      accountId: string,
      values: { mailAddress: string; passwordHash: string | null },
      tx: Database = db,
    ): Promise<AccountRow | null> {
      const [row] = await tx
        .update(accounts)
        .set({
          mailAddress: values.mailAddress,
          ...(values.passwordHash ? { passwordHash: values.passwordHash } : {}),
        })
        .where(eq(accounts.id, accountId))
        .returning()
      return row ?? null
    },

    /** A new password for the account (a password reset), in the caller's transaction. */
    async setPasswordHash(
      accountId: string,
      passwordHash: string,
      tx: Database = db,
    ): Promise<AccountRow | null> {
      const [row] = await tx
        .update(accounts)
        .set({ passwordHash })
        .where(eq(accounts.id, accountId))
        .returning()
      return row ?? null
    },

    /** Locks the account row for the caller's transaction; its premium end as stored (undefined: no account). */
    async lockPremiumUntil(accountId: string, tx: Database): Promise<Date | null | undefined> {
      const [row] = await tx
        .select({ premiumUntil: accounts.premiumUntil })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update')
      return row ? row.premiumUntil : undefined
    },

    /** Until when the account is premium (decision 0020): written by the transaction that moved its subscriptions. */
    async setPremiumUntil(accountId: string, premiumUntil: Date | null, tx: Database): Promise<void> {
      await tx.update(accounts).set({ premiumUntil }).where(eq(accounts.id, accountId))
    },

    /**
     * Whether the account's au or docomo line may take the carrier's add-on plan, as the carrier
     * said at its latest sign-in (decision 0066).
     */
    async setCanAddOn(accountId: string, canAddOn: boolean): Promise<void> {
      await db.update(accounts).set({ canAddOn }).where(eq(accounts.id, accountId))
    },

    /** The accounts whose puri-getting penalty is RED (every server process's board reads them). */
    async redPenaltyAccountIds(): Promise<string[]> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.purigetPenalty, 'RED'))
      return rows.map((row) => row.id)
    },

    /**
     * Writes the account's puri-getting penalty. `keepRed`: a RED stays RED (only an explicit clear
     * lifts it). False when there is no such account (or it was RED and kept).
     */
    async setPurigetPenalty(
      accountId: string,
      penalty: PurigetPenalty,
      options: { keepRed: boolean },
      tx: Database = db,
    ): Promise<boolean> {
      const updated = await tx
        .update(accounts)
        .set({ purigetPenalty: penalty })
        .where(
          options.keepRed
            ? and(eq(accounts.id, accountId), ne(accounts.purigetPenalty, 'RED'))
            : eq(accounts.id, accountId),
        )
        .returning({ id: accounts.id })
      return updated.length > 0
    },

    /**
     * Locks the account's row for the caller's transaction (a penalty being set or cleared) and
     * answers its penalties as stored; null when there is no such account.
     */
    async lockPenalties(
      accountId: string,
      tx: Database,
    ): Promise<Pick<AccountRow, 'snsPenalty' | 'purigetPenalty'> | null> {
      const [row] = await tx
        .select({ snsPenalty: accounts.snsPenalty, purigetPenalty: accounts.purigetPenalty })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update')
      return row ?? null
    },

    /** Writes the account's SNS penalty (null: none), in the caller's transaction (penalties decide it). */
    async setSnsPenalty(accountId: string, penalty: AccountRow['snsPenalty'], tx: Database): Promise<void> {
      await tx.update(accounts).set({ snsPenalty: penalty }).where(eq(accounts.id, accountId))
    },

    /**
     * Locks the account for its deletion; null when there is none. Every subscriber of
     * `account.deleted` then runs in the same transaction before `delete` removes the row.
     */
    async lockForDeletion(accountId: string, tx: Database): Promise<AccountRow | null> {
      const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update')
      return row ?? null
    },

    async delete(accountId: string, tx: Database): Promise<void> {
      await tx.delete(accounts).where(eq(accounts.id, accountId))
    },
  }
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>
