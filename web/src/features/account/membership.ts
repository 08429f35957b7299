import type { AccountStatus } from '@puribox/contract/account'
import {
  hasPremiumFeatures,
  type MemberMembership,
  type MembershipStatus,
} from '@puribox/contract/membership'
import type { WithClock } from '../../lib/api-client'

export { hasPremiumFeatures }

/**
 * Whether someone with this membership is a signed-in member (free, premium or junior-high free
 * premium, decision 0047); undefined (not known yet) is not.
 */
export function isMember(membership: MembershipStatus | undefined): membership is MemberMembership {
  return membership !== undefined && membership !== 'GUEST'
}

/** The membership flags (isGuest, isMini, isPremium, isTimeTripEnabled), derived from the account status (and its clock). */
export interface MembershipFlags {
  isGuest: boolean
  isMini: boolean
  /** Premium's features: paid premium or the junior-high free premium. */
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
    isPremium: hasPremiumFeatures(membership),
    isTimeTripEnabled: Boolean(status?.clock),
  }
}
