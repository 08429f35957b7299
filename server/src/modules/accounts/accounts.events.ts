/**
 * The events about an account, each told in the transaction of the change (decision 0069). The
 * target of each is `{ kind: 'account', id }`.
 */
declare module '../events' {
  interface DomainEvents {
    /**
     * The account has just become premium — it was not as of the event's time — in the transaction
     * that made it so: a payment applied (payments) or the junior-high free premium granted
     * (accounts). Saving keeps at once the unsaved puris of the account's live seals.
     */
    'account.became-premium': { accountId: string }
  }
}

export {}
