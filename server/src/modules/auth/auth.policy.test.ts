import { describe, expect, it } from 'vitest'
import { buildGuestCaller, buildMemberCaller } from '../../test/callers'
import { canUseVerification } from './auth.policy'

describe('canUseVerification', () => {
  const member = buildMemberCaller({ accountId: 'account-1' })

  it("a guest registers with a registration's verification, never a member's", () => {
    expect(canUseVerification(buildGuestCaller(), { accountId: null })).toBe(true)
    expect(canUseVerification(buildGuestCaller(), { accountId: 'account-1' })).toBe(false)
  })

  it("a member adds an address with their own account's verification only", () => {
    expect(canUseVerification(member, { accountId: 'account-1' })).toBe(true)
    expect(canUseVerification(member, { accountId: 'account-2' })).toBe(false)
    expect(canUseVerification(member, { accountId: null })).toBe(false)
  })
})
