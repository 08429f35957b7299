import { describe, expect, it } from 'vitest'
import { kindOfPlan, PAYMENT_KINDS, PAYMENT_PLANS, planFor, unsubscribePath } from './payments'

describe('plans', () => {
  it('new subscriptions are the base plan of their kind, or the carrier add-on for an account that can add on', () => {
    expect(planFor('CREDIT', true)).toBe('credit')
    expect(planFor('AU', false)).toBe('auone')
    expect(planFor('AU', true)).toBe('auone_addon')
    expect(planFor('DOCOMO', false)).toBe('docomo')
    expect(planFor('DOCOMO', true)).toBe('spmode_addon')
    expect(planFor('SOFTBANK', true)).toBe('softbank')
  })

  it('a new subscription is billed under a plan of its own kind; every plan has its own unsubscribe page', () => {
    for (const kind of PAYMENT_KINDS) {
      for (const canAddOn of [false, true]) expect(kindOfPlan[planFor(kind, canAddOn)]).toBe(kind)
    }
    const paths = PAYMENT_PLANS.map(unsubscribePath)
    expect(new Set(paths).size).toBe(PAYMENT_PLANS.length)
    expect(paths).toContain('/sp/payment/unsubscribe/spmode_shift')
  })
})
