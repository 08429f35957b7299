import type { AccountDeletionCheck } from '@puribox/contract/account-deletion'
import type { AccountRow } from './accounts.repository'

/**
 * Who may delete an account. A member leaves with their own account only (the service reads the
 * caller's); operators' tools call `deleteAccount` for any. The routes only declare roles.
 */

/**
 * Whether a member may delete their account now, as the leaving page shows it: never an official
 * account (PuriBox runs it); not while a subscription still renews, or the gateway would go on
 * charging an account that is gone. Once cancelled, the rest of the paid period may be given up.
 */
export function accountDeletionStatus(
  account: Pick<AccountRow, 'official'>,
  paying: boolean,
): AccountDeletionCheck['status'] {
  if (account.official) return 'OFFICIAL'
  if (paying) return 'PREMIUM_ACTIVE'
  return 'ALLOWED'
}
