import { describe, expect, it } from 'vitest'
import { paymentTrialQueryKey } from '../api/payments'
import { trialQueryKey } from './trial-offer-spot'

describe('the au trial offered on other screens', () => {
  it("asks by the premium pages' key: one answer for both, refreshed with them when membership changes", () => {
    expect(trialQueryKey).toEqual(paymentTrialQueryKey)
  })
})
