import type { SealHideReason } from '@puribox/contract/admin-seals'

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
    /**
     * An operator hid a seal after a report, or changed why it is hidden (decision 0075). Target
     * `{ kind: 'seal', id }`; `before` and `after` hold `{ hidden, reason }`, the envelope's reason the
     * operator's note.
     */
    'seals.hidden': { sealId: string; reason: SealHideReason }
    /** An operator showed a hidden seal to members again; the same fields as `seals.hidden`. */
    'seals.unhidden': { sealId: string }
  }
}
