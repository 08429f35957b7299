import {
  PAYMENT_PLANS,
  type PaymentKind,
  type PaymentPlan,
  type UnsubscribeAccessMethod,
} from '@puribox/contract/payments'
import { z } from 'zod'
import type { HttpFetch } from './auth-service'

/**
 * The payment gateway (decisions 0019, 0020): one HTTP protocol, spoken by the real gateway and by
 * the sandbox under /_sandbox/pay, and one adapter per kind of payment on top of it, which knows
 * what that kind can do (the au trial, cancelling through PuriBox or at the carrier, withdrawal by
 * carrier id).
 *
 * The protocol, relative to `PAYMENT_GATEWAY_URL`, every call with `Authorization: Bearer <API key>`:
 *   POST /v1/{product}/subscriptions            start (Idempotency-Key: PuriBox's reference)
 *   POST /v1/{product}/subscriptions/{id}/void   withdraw a consent not yet given
 *   POST /v1/{product}/subscriptions/{id}/cancel end renewals (credit card)
 *   POST /v1/{product}/subscriptions/{id}/resume undo that within the paid period (credit card)
 *   POST /v1/{product}/cancellation_sessions     the carrier's page to end renewals at
 *   POST /v1/{product}/withdrawal_sessions       the carrier's page to stop paying, by carrier id
 * and the gateway's notifications to PuriBox, signed (`signature.ts`), with the `GatewayEvent` body
 * below. Calls that change a subscription answer the event they cause, which the gateway notifies
 * too: PuriBox applies it once, whichever comes first.
 */

/** The gateway's product for each kind. */
export const GATEWAY_PRODUCTS: Record<PaymentKind, string> = {
  CREDIT: 'credit',
  AU: 'au',
  DOCOMO: 'docomo',
  SOFTBANK: 'softbank',
}

const instant = z.iso.datetime({ offset: true })

/** A notification's body: what happened to which subscription, in the gateway's order. */
export const gatewayEventSchema = z
  .object({
    eventId: z.string().min(1).max(200),
    /** The gateway's id of the subscription. */
    subscriptionId: z.string().min(1).max(200),
    /** PuriBox's reference, as given at the start. */
    merchantRef: z.string().min(1).max(200),
    type: z.enum(['PAID', 'DECLINED', 'RENEWAL_FAILED', 'CANCELLED', 'RESUMED', 'ENDED']),
    /** The gateway's sequence number for the subscription: later changes have larger ones. */
    sequence: z.int().min(1).max(2_000_000_000),
    occurredAt: instant,
    /** PAID: the end of the period paid for. */
    periodEnd: instant.optional(),
    /** PAID: yen taken (0 for a free trial period). */
    amountYen: z.int().min(0).max(1_000_000).optional(),
  })
  .refine((event) => event.type !== 'PAID' || (event.periodEnd && event.amountYen !== undefined), {
    message: 'a payment names its period end and amount',
  })
export type GatewayEventBody = z.infer<typeof gatewayEventSchema>

export const startBodySchema = z.object({
  merchantId: z.string().min(1),
  merchantRef: z.string().min(1).max(200),
  plan: z.enum(PAYMENT_PLANS),
  amountYen: z.int().min(1),
  /** Days of the first period given free (the au trial); 0 for none. */
  trialDays: z.int().min(0).max(62),
  returnUrl: z.url(),
})
export type StartBody = z.infer<typeof startBodySchema>

const startedSchema = z.object({ id: z.string().min(1).max(200), consentUrl: z.url() })
const eventAnswerSchema = z.object({ event: gatewayEventSchema })
const urlAnswerSchema = z.object({ url: z.url() })
const errorAnswerSchema = z.object({
  error: z.object({ code: z.string(), message: z.string().optional() }),
  event: gatewayEventSchema.optional(),
})

export type PaymentGatewayFailure = 'UNAVAILABLE' | 'REFUSED' | 'CONFLICT'

export class PaymentGatewayError extends Error {
  constructor(
    readonly kind: PaymentGatewayFailure,
    message: string,
    /** CONFLICT: the event that settled it first (e.g. the consent given before the void). */
    readonly event: GatewayEventBody | null = null,
  ) {
    super(message)
    this.name = 'PaymentGatewayError'
  }
}

export interface StartedSubscription {
  gatewayRef: string
  consentUrl: string
}

/** How a kind's subscriptions are ended: by PuriBox through the API, or by the member at the carrier. */
export type CancellationWay = UnsubscribeAccessMethod

/** One kind of payment at the gateway. */
export interface PaymentAdapter {
  readonly kind: PaymentKind
  /** Whether this kind offers a free first period (the au trial). */
  readonly offersTrial: boolean
  readonly cancellation: CancellationWay
  /**
   * Whether a cancellation can be undone while the paid period lasts (a card's renewals resume). A
   * carrier's cancellation is final there: the member subscribes again once the period is over.
   */
  readonly resumable: boolean
  /** Whether a payer who cannot sign in can stop paying by carrier id. */
  readonly withdrawsByCarrierId: boolean
  /** A subscription at the gateway, and its consent page to send the member to. */
  start(input: {
    merchantRef: string
    plan: PaymentPlan
    priceYen: number
    trialDays: number
    returnUrl: string
  }): Promise<StartedSubscription>
  /** Withdraws a consent not yet given: the DECLINED event. CONFLICT (with its event) if given meanwhile. */
  void(gatewayRef: string): Promise<GatewayEventBody>
  /** Ends renewals (`cancellation` API): the CANCELLED event. */
  cancel(gatewayRef: string): Promise<GatewayEventBody>
  /**
   * Undoes a cancellation within the paid period (`resumable`): the RESUMED event. CONFLICT when the
   * subscription is not cancelled or its paid period is over.
   */
  resume(gatewayRef: string): Promise<GatewayEventBody>
  /** The carrier's page where the member ends renewals (`cancellation` CARRIER_*), back to `returnUrl`. */
  cancellationUrl(gatewayRef: string, returnUrl: string): Promise<string>
  /** The carrier's page where a payer stops paying by carrier id, back to `returnUrl`. */
  withdrawalUrl(returnUrl: string): Promise<string>
}

export type PaymentGateway = Record<PaymentKind, PaymentAdapter>

export interface PaymentGatewayOptions {
  gatewayUrl: string
  merchantId: string
  apiKey: string
  fetch?: HttpFetch
  /** Seconds to wait for the gateway. */
  timeoutSeconds?: number
}

/** Calls the gateway's API: JSON in and out, typed failures, a time limit. */
function createGatewayClient(options: PaymentGatewayOptions) {
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init))
  const timeoutMs = (options.timeoutSeconds ?? 10) * 1000
  return async function call<T extends z.ZodType>(
    path: string,
    body: Record<string, unknown>,
    answer: T,
    headers: Record<string, string> = {},
  ): Promise<z.output<T>> {
    let response: Response
    try {
      response = await send(`${options.gatewayUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          ...headers,
        },
        body: JSON.stringify({ merchantId: options.merchantId, ...body }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (cause) {
      throw new PaymentGatewayError('UNAVAILABLE', `payment gateway unreachable: ${String(cause)}`)
    }
    const payload: unknown = await response.json().catch(() => null)
    if (response.ok) {
      const parsed = answer.safeParse(payload)
      if (parsed.success) return parsed.data
      throw new PaymentGatewayError('UNAVAILABLE', `payment gateway answered ${path} unexpectedly`)
    }
    const failure = errorAnswerSchema.safeParse(payload)
    const message = `payment gateway refused ${path}: HTTP ${response.status} ${failure.success ? failure.data.error.code : ''}`
    if (response.status >= 500 || response.status === 429)
      throw new PaymentGatewayError('UNAVAILABLE', message)
    if (response.status === 409) {
      throw new PaymentGatewayError(
        'CONFLICT',
        message,
        failure.success ? (failure.data.event ?? null) : null,
      )
    }
    throw new PaymentGatewayError('REFUSED', message)
  }
}

/** The payment gateway with its four adapters. */
export function createPaymentGateway(options: PaymentGatewayOptions): PaymentGateway {
  const call = createGatewayClient(options)

  function adapter(
    kind: PaymentKind,
    traits: Pick<PaymentAdapter, 'offersTrial' | 'cancellation' | 'resumable' | 'withdrawsByCarrierId'>,
  ): PaymentAdapter {
    const product = `/v1/${GATEWAY_PRODUCTS[kind]}`
    const subscription = (gatewayRef: string) => `${product}/subscriptions/${encodeURIComponent(gatewayRef)}`
    return {
      kind,
      ...traits,
      async start(input) {
        if (input.trialDays > 0 && !traits.offersTrial) throw new Error(`${kind} has no trial`)
        const started = await call(
          `${product}/subscriptions`,
          {
            merchantRef: input.merchantRef,
            plan: input.plan,
            amountYen: input.priceYen,
            trialDays: input.trialDays,
            returnUrl: input.returnUrl,
          },
          startedSchema,
          // A retried start (a timeout, a second tap) gets the same subscription back.
          { 'idempotency-key': input.merchantRef },
        )
        return { gatewayRef: started.id, consentUrl: started.consentUrl }
      },
      async void(gatewayRef) {
        return (await call(`${subscription(gatewayRef)}/void`, {}, eventAnswerSchema)).event
      },
      async cancel(gatewayRef) {
        if (traits.cancellation !== 'API') throw new Error(`${kind} is cancelled at the carrier`)
        return (await call(`${subscription(gatewayRef)}/cancel`, {}, eventAnswerSchema)).event
      },
      async resume(gatewayRef) {
        if (!traits.resumable) throw new Error(`${kind} cannot resume a cancelled subscription`)
        return (await call(`${subscription(gatewayRef)}/resume`, {}, eventAnswerSchema)).event
      },
      async cancellationUrl(gatewayRef, returnUrl) {
        if (traits.cancellation === 'API') throw new Error(`${kind} is cancelled through the API`)
        const answer = await call(
          `${product}/cancellation_sessions`,
          { subscriptionId: gatewayRef, returnUrl },
          urlAnswerSchema,
        )
        return answer.url
      },
      async withdrawalUrl(returnUrl) {
        if (!traits.withdrawsByCarrierId) throw new Error(`${kind} has no withdrawal by carrier id`)
        return (await call(`${product}/withdrawal_sessions`, { returnUrl }, urlAnswerSchema)).url
      },
    }
  }

  return {
    CREDIT: adapter('CREDIT', {
      offersTrial: false,
      cancellation: 'API',
      resumable: true,
      withdrawsByCarrierId: false,
    }),
    AU: adapter('AU', {
      offersTrial: true,
      cancellation: 'CARRIER_PAGE',
      resumable: false,
      withdrawsByCarrierId: true,
    }),
    DOCOMO: adapter('DOCOMO', {
      offersTrial: false,
      cancellation: 'CARRIER_PAGE',
      resumable: false,
      withdrawsByCarrierId: true,
    }),
    SOFTBANK: adapter('SOFTBANK', {
      offersTrial: false,
      cancellation: 'CARRIER_AUTH',
      resumable: false,
      withdrawsByCarrierId: true,
    }),
  }
}
