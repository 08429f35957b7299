import type { FlowName } from '@puribox/contract/payments'
import type { PaymentSelf, Trial, UnsubscribablePayment } from '@puribox/contract/payments-api'
import payment from '../../../locales/ja/payment.json'

/** Answers of the payment API for the screens' tests, with overrides (a premium member paying by card). */

export const SUBSCRIPTION_ID = '7d3c1a52-0b7e-4b8f-9a51-2f6c0d9e4a10'

const flow = (flowName: FlowName, caseName: 'TRIAL' | 'NORMAL' = 'TRIAL') => ({ flowName, caseName })

/** `GET /sp/2/payment/trial`: offered, unless overridden. */
export function buildTrial(overrides: Partial<Trial> = {}): Trial {
  return {
    canAdmit: true,
    canTrial: true,
    endDate: '2026-12-25T10:00:00',
    reason: null,
    trialDays: 31,
    trialJudge: flow('TRIAL_JUDGE'),
    puriGrid: flow('PURI_GRID'),
    myPage: flow('MY_PAGE'),
    purigetLp: flow('PURIGET_LP'),
    ...overrides,
  }
}

/** `GET /sp/2/payment/self`: paying by card and renewing, unless overridden. */
export function buildPaymentSelf(overrides: Partial<PaymentSelf> = {}): PaymentSelf {
  return {
    kindId: 'CREDIT',
    viewName: payment.plans.credit,
    paymentAt: '2026-11-24T10:00:00',
    plan: 'credit',
    status: 'ACTIVE',
    trial: false,
    premiumUntil: '2026-12-24T10:00:00',
    nextPaymentAt: '2026-12-24T10:00:00',
    priceYen: 330,
    subscriptionId: SUBSCRIPTION_ID,
    resumable: false,
    ...overrides,
  }
}

/** `GET /sp/2/payment/self` of a member without a payment. */
export const NO_PAYMENT: PaymentSelf = {
  kindId: null,
  viewName: null,
  paymentAt: null,
  plan: null,
  status: null,
  trial: false,
  premiumUntil: null,
  nextPaymentAt: null,
  priceYen: 330,
  subscriptionId: null,
  resumable: false,
}

/** One item of `GET /sp/2/payment/unsubscribable`: the card, unless overridden. */
export function buildUnsubscribable(overrides: Partial<UnsubscribablePayment> = {}): UnsubscribablePayment {
  const plan = overrides.plan ?? 'credit'
  return {
    unsubscribeUrl: `/sp/payment/unsubscribe/${plan}`,
    accessMethod: 'API',
    name: payment.plans.credit,
    plan,
    subscriptionId: SUBSCRIPTION_ID,
    trial: false,
    nextPaymentAt: '2026-12-24T10:00:00',
    premiumUntil: '2026-12-24T10:00:00',
    ...overrides,
  }
}
