import type { MemberMembership } from '@puribox/contract/membership'

/** The ends an account's membership follows (decisions 0020, 0047): stored ends, never a status. */
export interface MembershipEnds {
  /** Paid premium's end (the latest its subscriptions give). */
  premiumUntil: Date | null
  /** The junior-high free premium's end. */
  schoolPremiumUntil: Date | null
}

const ahead = (end: Date | null, now: Date) => end !== null && end.getTime() > now.getTime()

/**
 * A member's membership as of `now`: JHS_PREMIUM while the junior-high end is ahead, else PREMIUM
 * while the paid end is ahead, else MINI (JHS_PREMIUM over PREMIUM over MINI). The ends are stored,
 * the membership never is, so each lapses by itself — from JHS_PREMIUM to PREMIUM if a paid period
 * is left, else to MINI — and a session's time travel moves it.
 */
export function membershipAt(ends: MembershipEnds, now: Date): MemberMembership {
  if (ahead(ends.schoolPremiumUntil, now)) return 'JHS_PREMIUM'
  return ahead(ends.premiumUntil, now) ? 'PREMIUM' : 'MINI'
}
