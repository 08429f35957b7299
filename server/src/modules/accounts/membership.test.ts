import { describe, expect, it } from 'vitest'
import { membershipAt } from './membership'

const now = new Date('2026-11-20T03:00:00Z')
const before = new Date(now.getTime() - 1)
const after = new Date(now.getTime() + 1)

describe('membershipAt', () => {
  it('JHS_PREMIUM over PREMIUM over MINI, each while its end is ahead (an end at now has passed)', () => {
    expect(membershipAt({ premiumUntil: null, schoolPremiumUntil: null }, now)).toBe('MINI')
    expect(membershipAt({ premiumUntil: after, schoolPremiumUntil: null }, now)).toBe('PREMIUM')
    expect(membershipAt({ premiumUntil: after, schoolPremiumUntil: after }, now)).toBe('JHS_PREMIUM')
    expect(membershipAt({ premiumUntil: null, schoolPremiumUntil: after }, now)).toBe('JHS_PREMIUM')
    expect(membershipAt({ premiumUntil: after, schoolPremiumUntil: now }, now)).toBe('PREMIUM')
    expect(membershipAt({ premiumUntil: before, schoolPremiumUntil: before }, now)).toBe('MINI')
  })
})
