import { beforeEach, describe, expect, it } from 'vitest'
import { fixedClock } from '../../ports/clock'
import type { PaymentGateway } from '../../ports/payment-gateway'
import { buildGuestCaller, buildMemberCaller } from '../../test/callers'
import { resetDatabase, testDatabase } from '../../test/database'
import type { AccountsRepository } from '../accounts/accounts.repository'
import { createOptimizedFlowsRepository } from '../optimized-flows/optimized-flows.repository'
import { createOptimizedFlowService } from '../optimized-flows/optimized-flows.service'
import type { Throttle } from '../throttle/throttle'
import type { PaymentsRepository } from './payments.repository'
import { createPaymentService } from './payments.service'

const NOW = new Date('2026-11-20T03:00:00Z')

/** The service with nothing behind it but an account that never paid, and the flows' table. */
async function serviceWith() {
  const { db } = await testDatabase()
  const flows = createOptimizedFlowsRepository(db)
  const service = createPaymentService({
    repo: { subscriptionsOf: async () => [] } as unknown as PaymentsRepository,
    accounts: {} as AccountsRepository,
    gateway: {} as PaymentGateway,
    throttle: {} as Throttle,
    clock: fixedClock(NOW),
    publicUrl: 'https://puribox.test',
    notificationSecret: 'secret',
    flows: createOptimizedFlowService({ repo: flows }),
  })
  return { service, flows }
}

const mini = buildMemberCaller()

describe('the au trial and its flows', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it('admitted but the flow says no: canTrial false, reason UFO_DENIED', async () => {
    const { service, flows } = await serviceWith()
    await flows.setCase('TRIAL_JUDGE', { caseName: 'NORMAL' }, NOW)
    const trial = await service.trial(mini, 'ezweb', NOW)
    expect(trial).toMatchObject({
      canAdmit: true,
      canTrial: false,
      reason: 'UFO_DENIED',
      trialJudge: { caseName: 'NORMAL' },
      myPage: { caseName: 'TRIAL' },
    })
  })

  it("reads each screen's flow from the table, so an operator's change holds on the next ask", async () => {
    const { service, flows } = await serviceWith()
    await flows.setCase('PURI_GRID', { caseName: 'NORMAL' }, NOW)
    expect(await service.trial(mini, 'ezweb', NOW)).toMatchObject({
      canTrial: true,
      puriGrid: { flowName: 'PURI_GRID', caseName: 'NORMAL' },
      myPage: { flowName: 'MY_PAGE', caseName: 'TRIAL' },
      purigetLp: { flowName: 'PURIGET_LP', caseName: 'TRIAL' },
    })
    await flows.setCase('PURI_GRID', { caseName: 'TRIAL' }, NOW)
    await flows.setCase('MY_PAGE', { caseName: 'NORMAL' }, NOW)
    expect(await service.trial(mini, 'ezweb', NOW)).toMatchObject({
      puriGrid: { caseName: 'TRIAL' },
      myPage: { caseName: 'NORMAL' },
    })
  })

  it('the reasons, in order: not a member, premium, not au, used', async () => {
    const { service } = await serviceWith()
    expect((await service.trial(buildGuestCaller(), 'ezweb', NOW)).reason).toBe('NOT_MEMBER')
    expect((await service.trial(buildMemberCaller({ membership: 'PREMIUM' }), null, NOW)).reason).toBe(
      'ALREADY_PREMIUM',
    )
    expect((await service.trial(mini, 'docomo', NOW)).reason).toBe('NOT_AU')
  })
})
