import type { Database } from '../../db/client'
import type { Actor } from '../actor'
import type { EventBus } from '../events'
import type { FileDeletions } from '../files/file-deletions'
import type { AccountsRepository } from './accounts.repository'

/**
 * Deleting an account, in one transaction: the account row is locked, `account.deleted` is told and
 * every module that keeps data or files about an account removes its part (decision 0069), the
 * files they dropped are listed for deletion, and the row goes. Either all of it commits, or nothing
 * changed.
 */
export function createAccountDeletionRepository(
  db: Database,
  deps: {
    accounts: AccountsRepository
    events: Pick<EventBus, 'emit'>
    /** The files module's: the dropped files are listed for deletion in the deletion's transaction. */
    files: Pick<FileDeletions, 'list'>
  },
) {
  return {
    /**
     * Answers the storage keys to delete once committed, or null when there was no such account.
     * `actor`: who deletes it (the member leaving, an operator), as the event says, with the
     * operator's note as its reason.
     */
    async deleteAccount(
      actor: Actor,
      accountId: string,
      now: Date,
      reason: string | null = null,
    ): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const account = await deps.accounts.lockForDeletion(accountId, tx)
        if (!account) return null
        const files: string[] = []
        await deps.events.emit(tx, 'account.deleted', {
          actor,
          at: now,
          target: { kind: 'account', id: accountId },
          reason,
          before: { mailAddress: account.mailAddress, registeredAt: account.registeredAt },
          payload: {
            accountId,
            mailAddress: account.mailAddress,
            dropFiles: (storageKeys) => {
              files.push(...storageKeys)
            },
          },
        })
        await deps.files.list(tx, files, now)
        await deps.accounts.delete(accountId, tx)
        return files
      })
    },
  }
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>
