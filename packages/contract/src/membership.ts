/** Memberships, shared by server and web. No zod here: the web app's first load imports this. */

/**
 * GUEST (no account), MINI (free), PREMIUM (paid) or JHS_PREMIUM (the junior-high free premium,
 * decision 0047: every premium feature, nothing paid, until 1 April after the pupil's third school
 * year).
 */
export type MembershipStatus = 'GUEST' | 'MINI' | 'PREMIUM' | 'JHS_PREMIUM'

/** A member's membership (a guest has none). */
export type MemberMembership = Exclude<MembershipStatus, 'GUEST'>

/**
 * Whether the membership has premium's features (every puri saved, raw ones included; what premium
 * gets of ads and coupons): paid premium and the junior-high free premium alike. Paying is
 * `=== 'PREMIUM'`, and only a paying member has anything to cancel.
 */
export function hasPremiumFeatures(membership: MembershipStatus): membership is 'PREMIUM' | 'JHS_PREMIUM' {
  return membership === 'PREMIUM' || membership === 'JHS_PREMIUM'
}
