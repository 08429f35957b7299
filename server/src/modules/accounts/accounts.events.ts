/**
 * The events about an account, each told in the transaction of the change (decision 0069). The
 * target of each is `{ kind: 'account', id }`.
 */
declare module '../events' {
  interface DomainEvents {
    /**
     * The account is being deleted, in the deletion's one transaction: its row is locked and still
     * there, and goes once every subscriber ran. Every module that keeps data about an account
     * subscribes and removes its rows (or, for records kept by law, detaches them: payments); it
     * hands the storage keys of the files it dropped to `dropFiles`, and the deletion lists them
     * for deletion in the same transaction and deletes them once it commits. A test fails when a
     * module with a table holding `account_id` does not subscribe.
     */
    'account.deleted': {
      accountId: string
      mailAddress: string | null
      dropFiles(storageKeys: readonly string[]): void
    }
    /**
     * The account has just become premium — it was not as of the event's time — in the transaction
     * that made it so: a payment applied (payments) or the junior-high free premium granted
     * (accounts). Saving keeps at once the unsaved puris of the account's live seals.
     */
    'account.became-premium': { accountId: string }
  }
}

export {}
