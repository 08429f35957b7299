/**
 * A member's membership as of `now` (decision 0020): PREMIUM while the premium end is ahead, else
 * MINI. The end is stored, the membership never is, so it lapses by itself and a session's time
 * travel moves it.
 */
export function membershipAt(premiumUntil: Date | null, now: Date): 'MINI' | 'PREMIUM' {
  return premiumUntil !== null && premiumUntil.getTime() > now.getTime() ? 'PREMIUM' : 'MINI'
}
