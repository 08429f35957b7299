import type { AccountRow } from '../accounts/accounts.schema'

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
