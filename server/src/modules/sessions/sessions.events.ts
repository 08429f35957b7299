/**
 * The events about an account's sessions, told in the transaction of the change (decision 0069),
 * with the target `{ kind: 'account', id }`.
 */
declare module '../events' {
  interface DomainEvents {
    /**
     * An operator signed the member out everywhere: every session of the account ended at once
     * (asked for in the console, or with a SUSPENSION set). `before` and `after` hold how many
     * sessions the account had.
     */
    'sessions.ended-by-operator': { accountId: string; ended: number }
  }
}

export {}
