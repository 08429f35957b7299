/**
 * The events the seals module emits, each in the transaction of the change (decision 0069).
 */
declare module '../events' {
  interface DomainEvents {
    /**
     * A batch of the expiry job (decision 0014) has removed the unsaved puris of these expired
     * seals, in its transaction; the seals left with no puri and no owner go once every subscriber
     * ran, so an owner dropped by a subscriber (saving: one that kept nothing) lets its seal go.
     */
    'seals.expired': { sealIds: readonly string[] }
  }
}

export {}
