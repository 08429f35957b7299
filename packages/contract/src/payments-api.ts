import { z } from 'zod'
import {
  FLOW_CASES,
  FLOW_NAMES,
  PAYMENT_KINDS,
  PAYMENT_PLANS,
  TRIAL_DENIAL_REASONS,
  UNSUBSCRIBE_ACCESS_METHODS,
} from './payments'
import { wrapped } from './wrapper'

const jstDateTime = z.string().describe('YYYY-MM-DDTHH:mm:ss, Japan time')

export const paymentKindSchema = z.enum(PAYMENT_KINDS)
export const paymentPlanSchema = z.enum(PAYMENT_PLANS)
export const subscriptionStatusSchema = z.enum([
  'PENDING',
  'DECLINED',
  'ACTIVE',
  'CANCELLED',
  'GRACE',
  'ENDED',
])
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>

/**
 * `GET /sp/2/payment/self` (kindId, viewName, paymentAt, the product's names): how the caller pays for
 * premium, from their latest subscription that is paying or still gives premium; every field null
 * when there is none. The rest says where it stands.
 */
export const paymentSelfSchema = z.object({
  kindId: paymentKindSchema.nullable(),
  /** The payment's name for people: its plan's name in the server's `locales/ja/payments.json`. */
  viewName: z.string().nullable(),
  /** When the last payment was taken. */
  paymentAt: jstDateTime.nullable(),
  plan: paymentPlanSchema.nullable(),
  status: subscriptionStatusSchema.nullable(),
  /** The au trial's free period. */
  trial: z.boolean(),
  /** Premium until then (the end of what was paid for, or of a grace); null when not premium. */
  premiumUntil: jstDateTime.nullable(),
  /** The next charge, while renewing; null once cancelled or ended. */
  nextPaymentAt: jstDateTime.nullable(),
  priceYen: z.int(),
  /** PuriBox's id of that subscription (to stop it, or undo stopping it); null without one. */
  subscriptionId: z.string().nullable(),
  /**
   * The cancellation can be undone now (`resumeSubscription`): cancelled, the paid period not over,
   * and paid by card. A carrier's cancellation is final: subscribe again after `premiumUntil`.
   */
  resumable: z.boolean(),
})
export type PaymentSelf = z.infer<typeof paymentSelfSchema>
export const paymentSelfResponse = wrapped(paymentSelfSchema)

const flowCaseSchema = z.object({ flowName: z.enum(FLOW_NAMES), caseName: z.enum(FLOW_CASES) })
export type FlowCaseEntity = z.infer<typeof flowCaseSchema>

/**
 * `GET /sp/2/payment/trial`: whether the server admits the au trial (`canAdmit`),
 * its end if started now, why not (`reason`, UFO_DENIED when admitted but the flow says no), and the
 * case of each of the four flows. canTrial = canAdmit and the TRIAL_JUDGE case is TRIAL.
 */
export const trialSchema = z.object({
  canAdmit: z.boolean(),
  canTrial: z.boolean(),
  endDate: jstDateTime.nullable(),
  reason: z.enum(TRIAL_DENIAL_REASONS).nullable(),
  trialDays: z.int(),
  trialJudge: flowCaseSchema,
  puriGrid: flowCaseSchema,
  myPage: flowCaseSchema,
  purigetLp: flowCaseSchema,
})
export type Trial = z.infer<typeof trialSchema>
export const trialResponse = wrapped(trialSchema)

export const flowParamsSchema = z.object({ flowName: z.enum(FLOW_NAMES) })
export const flowResponse = wrapped(flowCaseSchema)

/** `GET /sp/2/payment/unsubscribable`: each payment the member can stop, and how. */
export const unsubscribablePaymentSchema = z.object({
  /** The page that explains how to stop it, and stops it. */
  unsubscribeUrl: z.string(),
  accessMethod: z.enum(UNSUBSCRIBE_ACCESS_METHODS),
  /** The plan's name for people, from the server's `locales/ja/payments.json`. */
  name: z.string(),
  plan: paymentPlanSchema,
  subscriptionId: z.string(),
  /** The au trial's free period. */
  trial: z.boolean(),
  /** The next charge (while ACTIVE; null in a grace after a failed renewal). */
  nextPaymentAt: jstDateTime.nullable(),
  /** Premium until then, as paid for so far. */
  premiumUntil: jstDateTime.nullable(),
})
export type UnsubscribablePayment = z.infer<typeof unsubscribablePaymentSchema>
export const unsubscribableResponse = wrapped(z.object({ items: z.array(unsubscribablePaymentSchema) }))

/** `POST /sp/2/payment/subscriptions`: become premium by this kind of payment. */
export const startSubscriptionBodySchema = z.object({
  kind: paymentKindSchema,
  /** The au trial (au only; refused with TRIAL_NOT_ALLOWED when not offered to the caller). */
  trial: z.boolean().default(false),
  /**
   * The plan the member saw on the confirmation page: the kind's base plan, or the carrier's add-on
   * plan (`auone_addon`, `spmode_addon`), which only an account that `canAddOn` may take
   * (ADD_ON_NOT_ALLOWED). Another kind's plan, or a carried-over one, is PLAN_NOT_OFFERED. Absent:
   * the add-on plan when the account `canAddOn`, else the base plan.
   */
  plan: paymentPlanSchema.optional(),
  /** A page of PuriBox to end on once back (a path under /sp/ or /web/); my page by default. */
  returnTo: z.string().max(2000).optional(),
})
export type StartSubscriptionBody = z.input<typeof startSubscriptionBodySchema>

/** Where to send the browser: the gateway's consent page, or the carrier's page to cancel at. */
export const redirectSchema = z.object({ redirectUrl: z.string() })
export const redirectResponse = wrapped(redirectSchema)

export const subscriptionParamsSchema = z.object({ id: z.uuid() })

/** One of the caller's subscriptions, as the page they come back to from the gateway reads it. */
export const subscriptionSchema = z.object({
  id: z.string(),
  kind: paymentKindSchema,
  plan: paymentPlanSchema,
  status: subscriptionStatusSchema,
  trial: z.boolean(),
  premiumUntil: jstDateTime.nullable(),
  /** The page to go on to. */
  returnTo: z.string(),
})
export type SubscriptionEntity = z.infer<typeof subscriptionSchema>
export const subscriptionResponse = wrapped(subscriptionSchema)

/**
 * `POST /sp/2/payment/subscriptions/{id}/cancellation`: stop renewals. A credit card is stopped
 * here (`redirectUrl` null, `payment` as it now stands); a carrier's plan is stopped at the carrier,
 * where `redirectUrl` leads.
 */
export const cancellationSchema = z.object({
  redirectUrl: z.string().nullable(),
  payment: paymentSelfSchema,
})
export const cancellationResponse = wrapped(cancellationSchema)

/**
 * `DELETE /sp/2/payment/subscriptions/{id}/cancellation`: undo a cancellation while the paid period
 * lasts; renewals go on as before. `payment` as it now stands.
 */
export const resumptionResponse = wrapped(z.object({ payment: paymentSelfSchema }))

/** `GET /sp/2/payment/withdrawal` (redirect): a payer stops carrier billing by carrier id. */
export const withdrawalQuerySchema = z.object({ kind: z.enum(['AU', 'DOCOMO', 'SOFTBANK']) })

/** The gateway's acknowledgement of a notification. */
export const notificationAckResponse = wrapped(
  z.object({ outcome: z.enum(['APPLIED', 'STALE', 'DUPLICATE', 'UNKNOWN_SUBSCRIPTION']) }),
)
