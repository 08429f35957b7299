import type { AccountStatus } from '@puribox/contract/account'
import type { WithClock } from '../../lib/api-client'

/** The membership flags of spec §3, derived from the account status (and its clock). */
export interface MembershipFlags {
  isGuest: boolean
  isMini: boolean
  isPremium: boolean
  /** Time travel is on for this session: the answer carried a clock. */
  isTimeTripEnabled: boolean
}

/** Flags of who is looking; before the status has arrived, a guest without time travel. */
export function membershipFlags(status: WithClock<AccountStatus> | undefined): MembershipFlags {
  const membership = status?.membershipStatus ?? 'GUEST'
  return {
    isGuest: membership === 'GUEST',
    isMini: membership === 'MINI',
    isPremium: membership === 'PREMIUM',
    isTimeTripEnabled: Boolean(status?.clock),
  }
}
