import type { Database } from '../../db/client'
import type { AccountDeletedHook } from '../account-hooks'
import type { FileDeletions } from '../files/file-deletions'
import type { AccountsRepository } from './accounts.repository'

/**
 * Deleting an account, in one transaction: the account row is locked, every module that keeps data
 * or files about an account removes its part (its `accountDeleted` hook, handed in by the
 * composition root; decision 0021), the files they dropped are listed for deletion, and the row goes.
 * Either all of it commits, or nothing changed.
 */
export function createAccountDeletionRepository(
  db: Database,
  deps: {
    accounts: AccountsRepository
    hooks: readonly AccountDeletedHook[]
    /** The files module's: the dropped files are listed for deletion in the deletion's transaction. */
    files: Pick<FileDeletions, 'list'>
  },
) {
  return {
    /** Answers the storage keys to delete once committed, or null when there was no such account. */
    async deleteAccount(accountId: string, now: Date): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const account = await deps.accounts.lockForDeletion(accountId, tx)
        if (!account) return null
        const event = { accountId, mailAddress: account.mailAddress, now }
        const files: string[] = []
        // One after another: they share the transaction's one connection.
        for (const hook of deps.hooks) {
          const result = await hook.run(tx, event)
          if (result) files.push(...result.storageKeys)
        }
        await deps.files.list(tx, files, now)
        await deps.accounts.delete(accountId, tx)
        return files
      })
    },
  }
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>
