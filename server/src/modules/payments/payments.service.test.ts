import { describe, expect, it } from 'vitest'
import { fixedClock } from '../../ports/clock'
import type { PaymentGateway } from '../../ports/payment-gateway'
import { buildGuestCaller, buildMemberCaller } from '../../test/callers'
import type { AccountsRepository } from '../accounts/accounts.repository'
import type { Throttle } from '../throttle/throttle'
import type { PaymentsRepository } from './payments.repository'
import { createPaymentService, PAYMENT_RULES } from './payments.service'

const NOW = new Date('2026-11-20T03:00:00Z')

/** The service with nothing behind it but an account that never paid. */
function serviceWith(flowRollout = PAYMENT_RULES.flowRollout) {
  return createPaymentService({
    repo: { subscriptionsOf: async () => [] } as unknown as PaymentsRepository,
    accounts: {} as AccountsRepository,
    gateway: {} as PaymentGateway,
    throttle: {} as Throttle,
    clock: fixedClock(NOW),
    publicUrl: 'https://puribox.test',
    notificationSecret: 'secret',
    flowRollout,
  })
}

const mini = buildMemberCaller()

describe('the au trial and its flows', () => {
  it('admitted but the flow says no: canTrial false, reason UFO_DENIED', async () => {
    const trial = await serviceWith({ ...PAYMENT_RULES.flowRollout, TRIAL_JUDGE: 0 }).trial(
      mini,
      'ezweb',
      NOW,
    )
    expect(trial).toMatchObject({
      canAdmit: true,
      canTrial: false,
      reason: 'UFO_DENIED',
      trialJudge: { caseName: 'NORMAL' },
      myPage: { caseName: 'TRIAL' },
    })
  })

  it('a flow at a share puts each member in one case for good, and about that share of members in TRIAL', () => {
    const service = serviceWith({ ...PAYMENT_RULES.flowRollout, PURIGET_LP: 30 })
    const ids = Array.from(
      { length: 1000 },
      (_, i) => `a3f1c0de-0000-4000-8000-${String(i).padStart(12, '0')}`,
    )
    const trial = ids.filter((id) => service.flow('PURIGET_LP', id).caseName === 'TRIAL')
    expect(trial.length).toBeGreaterThan(240)
    expect(trial.length).toBeLessThan(360)
    for (const id of ids.slice(0, 50)) {
      expect(service.flow('PURIGET_LP', id)).toEqual(service.flow('PURIGET_LP', id))
    }
  })

  it('the reasons, in order: not a member, premium, not au, used', async () => {
    const service = serviceWith()
    expect((await service.trial(buildGuestCaller(), 'ezweb', NOW)).reason).toBe('NOT_MEMBER')
    expect((await service.trial(buildMemberCaller({ membership: 'PREMIUM' }), null, NOW)).reason).toBe(
      'ALREADY_PREMIUM',
    )
    expect((await service.trial(mini, 'docomo', NOW)).reason).toBe('NOT_AU')
  })
})
