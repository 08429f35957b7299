import type { MemberCaller } from '../../http/caller'
import type { AccountRow } from '../accounts/accounts.schema'

/**
 * Who may see and change what of a profile. The services ask here; the routes only declare roles.
 * A member's own profile is theirs by what it is (the service reads the caller's account); a
 * profile picture is asked for by its id, so its owner is checked.
 */

/** Whether the caller may open a profile picture: only its owner, who is shown it on the settings page. */
export function canReadProfileImage(caller: MemberCaller, image: { accountId: string }): boolean {
  return image.accountId === caller.accountId
}

/**
 * Why the account may not change its profile now, or null when it may. SNS penalty:
 * ACCESSCONTROL blocks profile edits; a suspended account (which cannot sign in, but may hold a
 * session from before) neither. WARNING only shows a notice.
 */
export function profileEditRefusal(
  account: Pick<AccountRow, 'snsPenalty'>,
): 'ACCOUNT_SUSPENDED' | 'SNS_RESTRICTED' | null {
  if (account.snsPenalty === 'SUSPENSION') return 'ACCOUNT_SUSPENDED'
  if (account.snsPenalty === 'ACCESSCONTROL') return 'SNS_RESTRICTED'
  return null
}
