import { describe, expect, it } from 'vitest'
import { buildGuestCaller, buildMemberCaller } from '../../test/callers'
import { canStartSubscription, canUseSubscription, trialRefusal } from './payments.policy'

type Row = Parameters<typeof trialRefusal>[2][number]
const row = (fields: Partial<Row>): Row => ({ status: 'PENDING', trial: false, paidUntil: null, ...fields })
const PAID = new Date('2026-12-20T03:00:00Z')

describe('canUseSubscription', () => {
  it('only the member the subscription is for', () => {
    const member = buildMemberCaller({ accountId: 'account-1' })
    expect(canUseSubscription(member, { accountId: 'account-1' })).toBe(true)
    expect(canUseSubscription(member, { accountId: 'account-2' })).toBe(false)
    // The gateway's record of an account that has gone.
    expect(canUseSubscription(member, { accountId: null })).toBe(false)
  })
})

describe('canStartSubscription', () => {
  it('a mini member who pays for nothing that renews', () => {
    expect(canStartSubscription(buildMemberCaller(), [])).toBe(true)
    expect(canStartSubscription(buildMemberCaller(), [row({ status: 'CANCELLED', paidUntil: PAID })])).toBe(
      true,
    )
    expect(canStartSubscription(buildMemberCaller({ membership: 'PREMIUM' }), [])).toBe(false)
    expect(canStartSubscription(buildMemberCaller(), [row({ status: 'ACTIVE' })])).toBe(false)
    expect(canStartSubscription(buildMemberCaller(), [row({ status: 'GRACE' })])).toBe(false)
  })
})

describe('trialRefusal', () => {
  it('in order: not a member, premium or paying, not au, trial used', () => {
    expect(trialRefusal(buildGuestCaller(), 'ezweb', [])).toBe('NOT_MEMBER')
    expect(trialRefusal(buildMemberCaller({ membership: 'PREMIUM' }), null, [])).toBe('ALREADY_PREMIUM')
    expect(trialRefusal(buildMemberCaller(), 'ezweb', [row({ status: 'ACTIVE' })])).toBe('ALREADY_PREMIUM')
    expect(trialRefusal(buildMemberCaller(), 'docomo', [row({ trial: true, paidUntil: PAID })])).toBe(
      'NOT_AU',
    )
    expect(trialRefusal(buildMemberCaller(), null, [])).toBe('NOT_AU')
    expect(
      trialRefusal(buildMemberCaller(), 'ezweb', [
        row({ status: 'CANCELLED', trial: true, paidUntil: PAID }),
      ]),
    ).toBe('TRIAL_USED')
  })

  it('admits a mini member on au once, even after a trial that never started', () => {
    expect(trialRefusal(buildMemberCaller(), 'ezweb', [])).toBeNull()
    expect(trialRefusal(buildMemberCaller(), 'ezweb', [row({ status: 'DECLINED', trial: true })])).toBeNull()
  })
})
