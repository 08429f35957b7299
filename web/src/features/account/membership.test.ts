import { describe, expect, it } from 'vitest'
import { isMember, membershipFlags } from './membership'

describe('membershipFlags', () => {
  it('derives the flags of each membership', () => {
    expect(membershipFlags({ account: null, membershipStatus: 'GUEST', clock: null })).toEqual({
      isGuest: true,
      isMini: false,
      isPremium: false,
      isTimeTripEnabled: false,
    })
    const account = {
      id: 'a',
      protected: false,
      canAddOn: false,
      snsPenalty: null,
      purigetPenalty: 'GREEN' as const,
      official: false,
      mailAddress: null,
      registeredAt: '2026-11-20T12:00:00',
    }
    expect(membershipFlags({ account, membershipStatus: 'MINI', clock: null })).toMatchObject({
      isMini: true,
      isGuest: false,
    })
    expect(
      membershipFlags({ account, membershipStatus: 'PREMIUM', clock: { date: '2026-12-01T00:00:00' } }),
    ).toMatchObject({ isPremium: true, isTimeTripEnabled: true })
    // The junior-high free premium has premium's features (and nothing paid).
    expect(membershipFlags({ account, membershipStatus: 'JHS_PREMIUM', clock: null })).toMatchObject({
      isMini: false,
      isPremium: true,
    })
  })

  it('isMember: every kind of member, not a guest nor an unknown status', () => {
    expect(['GUEST', 'MINI', 'PREMIUM', 'JHS_PREMIUM', undefined].map((m) => isMember(m as never))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ])
  })

  it('is a guest without time travel until the status arrives', () => {
    expect(membershipFlags(undefined)).toEqual({
      isGuest: true,
      isMini: false,
      isPremium: false,
      isTimeTripEnabled: false,
    })
  })
})
