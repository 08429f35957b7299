/**
 * Premium's payment vocabulary (decisions 0019, 0020). No zod here: the database schema and the web
 * app's pages import it; the API's schemas are in `payments-api.ts`.
 */

/** How a premium member pays (decision 0019): a credit card, or the bill of their carrier. */
export const PAYMENT_KINDS = ['CREDIT', 'AU', 'DOCOMO', 'SOFTBANK'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]

/** Premium's monthly price including tax, in yen. */
export const PREMIUM_PRICE_YEN = 330

/** The au trial: this many days of premium free, the first time only, and only on the au network. */
export const AU_TRIAL_DAYS = 31

/**
 * The plan a subscription is billed under at its carrier, which decides how it is left (each
 * way to pay has its own unsubscribe pages): each has its own unsubscribe page,
 * `/sp/payment/unsubscribe/{plan}`. New subscriptions are `credit`, `auone`, `docomo` and
 * `softbank`, or the carrier's add-on plan (`auone_addon`, `spmode_addon`) for an account that
 * `canAddOn`; `spmode`, `*_shift` are plans of members carried over from earlier billing.
 */
export const PAYMENT_PLANS = [
  'credit',
  'docomo',
  'auone',
  'auone_addon',
  'auone_shift',
  'spmode',
  'spmode_addon',
  'spmode_shift',
  'softbank',
] as const
export type PaymentPlan = (typeof PAYMENT_PLANS)[number]

export const kindOfPlan: Record<PaymentPlan, PaymentKind> = {
  credit: 'CREDIT',
  docomo: 'DOCOMO',
  auone: 'AU',
  auone_addon: 'AU',
  auone_shift: 'AU',
  spmode: 'DOCOMO',
  spmode_addon: 'DOCOMO',
  spmode_shift: 'DOCOMO',
  softbank: 'SOFTBANK',
}

/**
 * The plan a new subscription of this kind is billed under (decision 0020): the kind's base plan,
 * or the carrier's add-on plan for an account that `canAddOn`.
 */
export function planFor(kind: PaymentKind, canAddOn: boolean): PaymentPlan {
  switch (kind) {
    case 'CREDIT':
      return 'credit'
    case 'AU':
      return canAddOn ? 'auone_addon' : 'auone'
    case 'DOCOMO':
      return canAddOn ? 'spmode_addon' : 'docomo'
    case 'SOFTBANK':
      return 'softbank'
  }
}

/** The plans a new subscription of a kind may be billed under: its base plan and the carrier's add-on. */
export const OFFERED_PLANS: Record<PaymentKind, readonly PaymentPlan[]> = {
  CREDIT: ['credit'],
  AU: ['auone', 'auone_addon'],
  DOCOMO: ['docomo', 'spmode_addon'],
  SOFTBANK: ['softbank'],
}

/** The carrier add-on plans: only an account that `canAddOn` is billed under one (decision 0066). */
export function isAddOnPlan(plan: PaymentPlan): boolean {
  return plan === 'auone_addon' || plan === 'spmode_addon'
}

/**
 * How a plan is left (`accessMethod` of `/sp/2/payment/unsubscribable`): `API` on PuriBox's page
 * (PuriBox asks the gateway), `CARRIER_PAGE` at the carrier's own page, `CARRIER_AUTH` at the
 * carrier's page after the carrier has authenticated the subscriber (softbank).
 */
export const UNSUBSCRIBE_ACCESS_METHODS = ['API', 'CARRIER_PAGE', 'CARRIER_AUTH'] as const
export type UnsubscribeAccessMethod = (typeof UNSUBSCRIBE_ACCESS_METHODS)[number]

/** The page that explains how to leave a plan, and leaves it. */
export function unsubscribePath(plan: PaymentPlan): string {
  return `/sp/payment/unsubscribe/${plan}`
}

export function isPaymentPlan(value: string): value is PaymentPlan {
  return (PAYMENT_PLANS as readonly string[]).includes(value)
}

/** The optimised flows of `/sp/2/optimized_flow/{flowName}` (the trial's four flows). */
export const FLOW_NAMES = ['TRIAL_JUDGE', 'PURI_GRID', 'MY_PAGE', 'PURIGET_LP'] as const
export type FlowName = (typeof FLOW_NAMES)[number]

/** A flow's case: TRIAL offers the au trial there; NORMAL offers premium at its price. */
export const FLOW_CASES = ['TRIAL', 'NORMAL'] as const
export type FlowCase = (typeof FLOW_CASES)[number]

/** Why the au trial is not offered (`reason` of `/sp/2/payment/trial`); null when it is. */
export const TRIAL_DENIAL_REASONS = [
  'NOT_MEMBER',
  'NOT_AU',
  'ALREADY_PREMIUM',
  'TRIAL_USED',
  'UFO_DENIED',
] as const
export type TrialDenialReason = (typeof TRIAL_DENIAL_REASONS)[number]
