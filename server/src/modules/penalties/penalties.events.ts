import type { PurigetPenaltyReason, SnsPenaltyReason } from '@puribox/contract/penalty-reasons'
import type { AccountRow } from '../accounts/accounts.schema'

/** A penalty an account may be given, by its kind, with the reasons of that kind. */
export type PenaltySet =
  | { kind: 'PURIGET'; penalty: 'RED'; reason: PurigetPenaltyReason }
  | { kind: 'SNS'; penalty: NonNullable<AccountRow['snsPenalty']>; reason: SnsPenaltyReason }

/**
 * The events about an account's penalties, each told in the transaction of the change (decision
 * 0069), with the target `{ kind: 'account', id }`. `before` and `after` hold the kind's
 * `{ penalty, reason }` (the reason code the member is told), and the envelope's `reason` is the
 * operator's note, which only operators read.
 */
declare module '../events' {
  interface DomainEvents {
    /**
     * A penalty was set or changed (another level, or another reason): by an operator, or by the
     * puri-getting rules turning an account RED. A SUSPENSION ends every session of the account in
     * the same transaction (the sessions module listens).
     */
    'penalty.set': { accountId: string } & PenaltySet
    /**
     * A penalty was lifted: SNS back to none, puri getting back to GREEN with its counters of
     * unknown seal IDs forgotten (so a YELLOW ends with it).
     */
    'penalty.cleared': { accountId: string; kind: 'PURIGET' | 'SNS' }
  }
}
