import type { Database } from '../db/client'

/**
 * What happens to one module because of something another module did, run inside the transaction
 * that did it (decision 0021): either every module's consequence commits with the change, or none
 * does. The composition root hands each hook list to the module that fires it; the firing module
 * knows nothing of the others.
 */

/** An account is being deleted: the row is locked and still there; it goes after every hook ran. */
export interface AccountDeleted {
  accountId: string
  mailAddress: string | null
  now: Date
}

/**
 * A module's part in deleting an account: remove (or, for records kept by law, detach) its rows
 * about the account, and answer the storage keys of the account's files it dropped, which are
 * listed for deletion in the same transaction and deleted once it commits.
 */
export interface AccountDeletedHook {
  /** The module taking part; a test checks that every module with an account's data has one. */
  module: string
  run(tx: Database, event: AccountDeleted): Promise<{ storageKeys: string[] } | undefined>
}

/** An account has just become premium (it was not as of `now`): saving keeps its unsaved puris. */
export interface BecamePremium {
  accountId: string
  now: Date
}

export type BecamePremiumHook = (tx: Database, event: BecamePremium) => Promise<void>
