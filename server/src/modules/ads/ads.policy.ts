import type { AccountRow } from '../accounts/accounts.schema'
import { type Actor, inContentLane } from '../actor'

/**
 * Whether the account may react to ads (impressions, taps) now, or why not. SNS penalty:
 * ACCESSCONTROL blocks ad reactions; a suspended account (which cannot sign in, but may hold a
 * session from before) neither. WARNING only shows a notice. Seeing ads is never refused.
 */
export function adReactionRefusal(
  account: Pick<AccountRow, 'snsPenalty'>,
): 'ACCOUNT_SUSPENDED' | 'SNS_RESTRICTED' | null {
  if (account.snsPenalty === 'SUSPENSION') return 'ACCOUNT_SUSPENDED'
  if (account.snsPenalty === 'ACCESSCONTROL') return 'SNS_RESTRICTED'
  return null
}

/**
 * What operators do with ads in the console: read spaces, ads and their reactions; write a draft,
 * change it, schedule, publish and withdraw it; upload a picture for one; add a space and change its
 * name or the spot of the web app it fills.
 */
export type AdAction =
  | 'read'
  | 'create'
  | 'change'
  | 'schedule'
  | 'publish'
  | 'withdraw'
  | 'upload-picture'
  | 'create-space'
  | 'change-space'

/**
 * Who may do what with ads in the console: every operator reads (the counts name no one); editors
 * and admins do the rest, ads being content (decision 0074). Members see ads only through the
 * members' routes and change nothing here; the system's jobs neither (a scheduled ad starts by
 * itself, as members' lists compare its start with now).
 */
export function can(actor: Actor, action: AdAction): boolean {
  return inContentLane(actor, action)
}
