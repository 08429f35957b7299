import type { Carrier } from '@puribox/contract/access'
import { allowedReturnPath } from '@puribox/contract/external-auth'
import { links } from '@puribox/contract/pages'
import {
  AU_TRIAL_DAYS,
  isAddOnPlan,
  OFFERED_PLANS,
  type PaymentKind,
  PREMIUM_PRICE_YEN,
  planFor,
  unsubscribePath,
} from '@puribox/contract/payments'
import type {
  PaymentSelf,
  StartSubscriptionBody,
  SubscriptionEntity,
  Trial,
  UnsubscribablePayment,
} from '@puribox/contract/payments-api'
import { formatJst } from '@puribox/contract/time'
import type { GatewayCaller, MemberCaller, PersonCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import text from '../../locales/ja/payments.json' with { type: 'json' }
import type { Clock } from '../../ports/clock'
import {
  type GatewayEventBody,
  gatewayEventSchema,
  type PaymentGateway,
  PaymentGatewayError,
} from '../../ports/payment-gateway'
import type { AccountRow } from '../accounts/accounts.schema'
import { type Actor, systemActor } from '../actor'
import type { OptimizedFlowService } from '../optimized-flows/optimized-flows.service'
import type { Throttle } from '../throttle/throttle'
import { canUseSubscription, startRefusal, trialRefusal } from './payments.policy'
import {
  type NotificationResult,
  type PaymentsRepository,
  type SubscriptionRow,
  stateOf,
} from './payments.repository'
import { signatureProblem } from './signature'
import { isRenewing, isResumable, premiumUntil } from './subscription'

const DAY_MS = 24 * 60 * 60 * 1000

export const PAYMENT_RULES = {
  /** A consent page not used for this long is not offered again: the gateway expires it at 30. */
  consentReuseMinutes: 25,
  /** Payments started per account: each one asks the gateway for a new consent page. */
  startsPerAccount: { max: 10, windowMs: 10 * 60_000 },
} as const

/** A verified gateway event as the repository applies it. */
function toNotification(body: GatewayEventBody) {
  const base = { sequence: body.sequence, occurredAt: new Date(body.occurredAt) }
  return {
    eventId: body.eventId,
    gatewayRef: body.subscriptionId,
    event:
      body.type === 'PAID'
        ? { type: 'PAID' as const, ...base, periodEnd: new Date(body.periodEnd!), amountYen: body.amountYen! }
        : { type: body.type, ...base },
  }
}

const jst = (instant: Date | null) => (instant ? formatJst(instant) : null)

/** Who applies the gateway's own notifications (a payment taken, a renewal failed). */
const GATEWAY_ACTOR = systemActor('payment gateway notification')

/** The job that stops renewals under the junior-high free premium (its housekeeping name). */
export const RENEWAL_STOPS_JOB = 'renewals under school premium'
const RENEWAL_STOPS_ACTOR = systemActor(RENEWAL_STOPS_JOB)

/** Premium by credit card or carrier billing (decisions 0019, 0020). */
export function createPaymentService(deps: {
  repo: PaymentsRepository
  /** Reads the caller's account (the accounts module's). */
  accounts: { findById(id: string): Promise<AccountRow | null> }
  gateway: PaymentGateway
  throttle: Throttle
  /** Real time, for what the gateway does (notifications never time travel). */
  clock: Clock
  publicUrl: string
  notificationSecret: string
  /** The optimised flows' cases for a caller, as their table says now (the optimized-flows module's). */
  flows: Pick<OptimizedFlowService, 'casesFor'>
}) {
  const { repo, accounts, gateway, clock, publicUrl } = deps

  /** Applies the gateway's event; `actor` asked for it (the gateway itself for its notifications). */
  async function apply(body: GatewayEventBody, actor: Actor): Promise<NotificationResult> {
    return repo.applyNotification(toNotification(body), clock.now(), actor)
  }

  function gatewayFailure(error: unknown): never {
    if (error instanceof PaymentGatewayError) {
      throw error.kind === 'UNAVAILABLE'
        ? new AppError('PAYMENT_GATEWAY_UNAVAILABLE', error.message)
        : new AppError('PAYMENT_REFUSED', error.message)
    }
    throw error
  }

  function present(row: SubscriptionRow | undefined, now: Date): PaymentSelf {
    if (!row) {
      return {
        kindId: null,
        viewName: null,
        paymentAt: null,
        plan: null,
        status: null,
        trial: false,
        premiumUntil: null,
        nextPaymentAt: null,
        priceYen: PREMIUM_PRICE_YEN,
        subscriptionId: null,
        resumable: false,
      }
    }
    const state = stateOf(row)
    return {
      kindId: row.kind,
      viewName: text.plans[row.plan],
      paymentAt: jst(row.lastPaidAt),
      plan: row.plan,
      status: row.status,
      trial: row.trial,
      premiumUntil: jst(premiumUntil(state, now)),
      nextPaymentAt: row.status === 'ACTIVE' ? jst(row.paidUntil) : null,
      priceYen: row.priceYen,
      subscriptionId: row.id,
      resumable: isResumable(state, now) && gateway[row.kind].resumable,
    }
  }

  /** The subscription the member's payment is about: one that renews or gives premium, else one pending. */
  function current(rows: readonly SubscriptionRow[], now: Date): SubscriptionRow | undefined {
    return (
      rows.find((row) => isRenewing(row) || premiumUntil(stateOf(row), now) !== null) ??
      rows.find((row) => row.status === 'PENDING')
    )
  }

  /** The au trial as offered to the caller, over the access's carrier, as of the request's now. */
  async function trialOf(caller: PersonCaller, carrier: Carrier, now: Date): Promise<Trial> {
    const accountId = caller.kind === 'member' ? caller.accountId : null
    const cases = await deps.flows.casesFor(accountId)
    const flows = {
      trialJudge: cases.TRIAL_JUDGE,
      puriGrid: cases.PURI_GRID,
      myPage: cases.MY_PAGE,
      purigetLp: cases.PURIGET_LP,
    }
    const rows = accountId === null ? [] : await repo.subscriptionsOf(accountId)
    const denial = trialRefusal(caller, carrier, rows)
    const canAdmit = denial === null
    const canTrial = canAdmit && flows.trialJudge.caseName === 'TRIAL'
    return {
      canAdmit,
      canTrial,
      endDate: canAdmit ? formatJst(new Date(now.getTime() + AU_TRIAL_DAYS * DAY_MS)) : null,
      reason: canTrial ? null : (denial ?? 'UFO_DENIED'),
      trialDays: AU_TRIAL_DAYS,
      ...flows,
    }
  }

  function ownSubscription(row: SubscriptionRow | null, caller: MemberCaller): SubscriptionRow {
    if (!row || !canUseSubscription(caller, row))
      throw new AppError('NOT_FOUND', 'no such subscription of yours')
    return row
  }

  /**
   * Makes way for a new consent: a PENDING subscription of the member's is withdrawn at the gateway
   * (or dropped, if the gateway never answered for it). If the member consented to it meanwhile, that
   * payment is applied and wins.
   */
  async function withdrawPending(caller: MemberCaller, pending: SubscriptionRow, now: Date): Promise<void> {
    if (!pending.gatewayRef) return repo.abandonUnanswered(pending.id, clock.now())
    try {
      await apply(await gateway[pending.kind].void(pending.gatewayRef), caller)
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.kind === 'CONFLICT' && error.event) {
        await apply(error.event, caller)
        const after = await repo.findById(pending.id)
        if (after && premiumUntil(stateOf(after), now) !== null) {
          throw new AppError('ALREADY_PREMIUM', 'the earlier payment went through')
        }
        throw new AppError('PAYMENT_IN_PROGRESS', 'an earlier payment is still being settled')
      }
      gatewayFailure(error)
    }
  }

  return {
    async self(accountId: string, now: Date): Promise<PaymentSelf> {
      return present(current(await repo.subscriptionsOf(accountId), now), now)
    },

    trial: trialOf,

    /** The member's payments that renew, each with its page to stop it and how (the unsubscribable payment list). */
    async unsubscribable(accountId: string, now: Date): Promise<{ items: UnsubscribablePayment[] }> {
      const rows = await repo.subscriptionsOf(accountId)
      return {
        items: rows.filter(isRenewing).map((row) => {
          const { nextPaymentAt, premiumUntil: until, trial } = present(row, now)
          return {
            unsubscribeUrl: unsubscribePath(row.plan),
            accessMethod: gateway[row.kind].cancellation,
            name: text.plans[row.plan],
            plan: row.plan,
            subscriptionId: row.id,
            trial,
            nextPaymentAt,
            premiumUntil: until,
          }
        }),
      }
    },

    /**
     * Starts a subscription and answers the gateway's consent page to send the browser to. Nothing
     * here makes anyone premium: only the gateway's notification (or answer) of the payment does.
     * `carrier` is the access's, `now` the request's (what the member sees).
     */
    async start(
      caller: MemberCaller,
      carrier: Carrier,
      body: StartSubscriptionBody,
      now: Date,
    ): Promise<string> {
      const returnTo =
        body.returnTo === undefined || body.returnTo === '' ? links.mypage : allowedReturnPath(body.returnTo)
      if (returnTo === null)
        throw new AppError('REDIRECT_URI_INVALID', 'returnTo must be a path under /sp/ or /web/')
      const trial = body.trial ?? false
      if (trial && (body.kind !== 'AU' || !(await trialOf(caller, carrier, now)).canTrial)) {
        throw new AppError('TRIAL_NOT_ALLOWED', 'the au trial is not offered to you')
      }
      const account = await accounts.findById(caller.accountId)
      if (!account) throw new AppError('UNAUTHENTICATED', 'sign in first')
      // The plan the member was shown; only a line the carrier said may take it gets an add-on plan.
      const plan = body.plan ?? planFor(body.kind, account.canAddOn)
      if (!OFFERED_PLANS[body.kind].includes(plan))
        throw new AppError('PLAN_NOT_OFFERED', `a new ${body.kind} subscription is not billed under ${plan}`)
      if (isAddOnPlan(plan) && !account.canAddOn)
        throw new AppError('ADD_ON_NOT_ALLOWED', 'your carrier line may not take the add-on plan')
      const hit = await deps.throttle.hit(
        `payment:start:account:${caller.accountId}`,
        PAYMENT_RULES.startsPerAccount,
        clock.now(),
      )
      if (!hit.allowed) {
        throw new AppError('RATE_LIMITED', 'too many payments started; try again later', {
          'retry-after': String(hit.retryAfterSeconds),
        })
      }
      const rows = await repo.subscriptionsOf(caller.accountId)
      const refusal = startRefusal(caller, rows)
      if (refusal === 'JHS_PREMIUM_ACTIVE')
        throw new AppError(refusal, 'junior-high free premium: nothing to buy')
      if (refusal) throw new AppError(refusal, 'premium already (or paying for it)')

      const adapter = gateway[body.kind]
      const recordedNow = clock.now()
      /** The same choice, recent enough: a second tap, or a retry after the gateway did not answer. */
      const isSameChoice = (row: SubscriptionRow | undefined): row is SubscriptionRow =>
        row?.kind === body.kind &&
        row.trial === trial &&
        row.plan === plan &&
        row.returnTo === returnTo &&
        recordedNow.getTime() - row.createdAt.getTime() < PAYMENT_RULES.consentReuseMinutes * 60_000
      const pending = rows.find((row) => row.status === 'PENDING')
      let subscription: SubscriptionRow | null
      if (isSameChoice(pending)) {
        if (pending.consentUrl) return pending.consentUrl
        subscription = pending
      } else {
        if (pending) await withdrawPending(caller, pending, now)
        subscription = await repo.createPending({
          accountId: caller.accountId,
          kind: body.kind,
          plan,
          trial,
          priceYen: PREMIUM_PRICE_YEN,
          returnTo,
          now: recordedNow,
        })
        if (!subscription) {
          // Another tap got there first: its consent, if it is the same choice.
          const first = (await repo.subscriptionsOf(caller.accountId)).find((row) => row.status === 'PENDING')
          if (!isSameChoice(first))
            throw new AppError('PAYMENT_IN_PROGRESS', 'another payment was just started')
          subscription = first
        }
      }
      // Asked again for a subscription the gateway has already answered, the idempotency key makes
      // it answer the same one.
      try {
        const started = await adapter.start({
          merchantRef: subscription.id,
          plan: subscription.plan,
          priceYen: subscription.priceYen,
          trialDays: trial ? AU_TRIAL_DAYS : 0,
          returnUrl: `${publicUrl}${links.paymentComplete}?subscriptionId=${subscription.id}`,
        })
        return (await repo.recordGatewayRef(subscription.id, started.gatewayRef, started.consentUrl))
          .consentUrl!
      } catch (error) {
        // The PENDING row stays: a retry asks the gateway again with the same idempotency key.
        return gatewayFailure(error)
      }
    },

    async subscription(caller: MemberCaller, id: string, now: Date): Promise<SubscriptionEntity> {
      const row = ownSubscription(await repo.findById(id), caller)
      return {
        id: row.id,
        kind: row.kind,
        plan: row.plan,
        status: row.status,
        trial: row.trial,
        premiumUntil: jst(premiumUntil(stateOf(row), now)),
        returnTo: row.returnTo,
      }
    },

    /**
     * Stops renewals: a credit card here and now (the gateway's answer is applied like its
     * notification), a carrier's plan at the carrier's page, which comes back to the plan's page.
     */
    async cancel(
      caller: MemberCaller,
      id: string,
      now: Date,
    ): Promise<{ redirectUrl: string | null; payment: PaymentSelf }> {
      const row = ownSubscription(await repo.findById(id), caller)
      if (!isRenewing(row) || !row.gatewayRef)
        throw new AppError('NOT_CANCELLABLE', 'this payment does not renew')
      const adapter = gateway[row.kind]
      try {
        if (adapter.cancellation === 'API') {
          await apply(await adapter.cancel(row.gatewayRef), caller)
          return { redirectUrl: null, payment: await this.self(caller.accountId, now) }
        }
        const back = `${publicUrl}${unsubscribePath(row.plan)}?returned=1`
        return {
          redirectUrl: await adapter.cancellationUrl(row.gatewayRef, back),
          payment: await this.self(caller.accountId, now),
        }
      } catch (error) {
        return gatewayFailure(error)
      }
    },

    /**
     * Undoes a cancellation while the paid period lasts, as of the request's now (what the member
     * sees): the card's renewals go on (the gateway's answer is applied like its notification). A
     * carrier's cancellation is final: the member subscribes again after the period.
     */
    async resume(caller: MemberCaller, id: string, now: Date): Promise<{ payment: PaymentSelf }> {
      const row = ownSubscription(await repo.findById(id), caller)
      // Premium is free for now: resuming would only take money again (decision 0047).
      if (caller.membership === 'JHS_PREMIUM')
        throw new AppError('JHS_PREMIUM_ACTIVE', 'junior-high free premium: nothing to pay for')
      if (row.status !== 'CANCELLED' || !row.gatewayRef)
        throw new AppError('NOT_CANCELLED', 'this payment is not cancelled')
      if (!isResumable(stateOf(row), now))
        throw new AppError('PAID_PERIOD_OVER', 'the paid period is over: subscribe again')
      const adapter = gateway[row.kind]
      if (!adapter.resumable)
        throw new AppError('RESUME_NOT_OFFERED', `${row.kind} cancellations are final: subscribe again`)
      try {
        await apply(await adapter.resume(row.gatewayRef), caller)
      } catch (error) {
        return gatewayFailure(error)
      }
      return { payment: await this.self(caller.accountId, now) }
    },

    /** The carrier's page where a payer who cannot sign in stops paying by carrier id. */
    async withdrawalUrl(kind: Exclude<PaymentKind, 'CREDIT'>): Promise<string> {
      try {
        return await gateway[kind].withdrawalUrl(`${publicUrl}${links.paymentWithdrawal}?returned=1`)
      } catch (error) {
        return gatewayFailure(error)
      }
    },

    /**
     * The gateway, known by the signature of a notification it sends: checked on the raw body before
     * anything is read from it (the route's authenticator), or PAYMENT_SIGNATURE_INVALID.
     */
    async verifyNotification(rawBody: string, signature: string | undefined): Promise<GatewayCaller> {
      const problem = signatureProblem(deps.notificationSecret, rawBody, signature, clock.now())
      if (problem) throw new AppError('PAYMENT_SIGNATURE_INVALID', `notification signature: ${problem}`)
      return { kind: 'gateway' }
    },

    /** A notification the gateway signed (`verifyNotification`): its event is applied once (decision 0019). */
    async receive(rawBody: string): Promise<NotificationResult['kind']> {
      let payload: unknown
      try {
        payload = JSON.parse(rawBody)
      } catch {
        throw new AppError('PAYMENT_NOTIFICATION_INVALID', 'notification body is not JSON')
      }
      const parsed = gatewayEventSchema.safeParse(payload)
      if (!parsed.success)
        throw new AppError('PAYMENT_NOTIFICATION_INVALID', 'notification body is not an event')
      return (await apply(parsed.data, GATEWAY_ACTOR)).kind
    },

    /**
     * Housekeeping, and right after a junior-high approval (decision 0047): every subscription that
     * still renews for an account with the junior-high free premium is cancelled as the member's
     * cancel does it — the gateway is asked and its CANCELLED answer applied like its notification —
     * so no money is taken for what is now free (the paid period stays). A carrier's plan can only
     * be ended by the member at the carrier: those are counted, and the member's pages keep their
     * way to stop it. In real time: a charge happens in real time.
     */
    async stopSchoolPremiumRenewals(): Promise<{ stopped: number; atCarrier: number; failed: number }> {
      const counts = { stopped: 0, atCarrier: 0, failed: 0 }
      for (const row of await repo.renewingUnderSchoolPremium(clock.now())) {
        const adapter = gateway[row.kind]
        if (adapter.cancellation !== 'API') {
          counts.atCarrier += 1
          continue
        }
        try {
          await apply(await adapter.cancel(row.gatewayRef!), RENEWAL_STOPS_ACTOR)
          counts.stopped += 1
        } catch {
          // The next run tries again: the subscription still renews, so it is found again.
          counts.failed += 1
        }
      }
      return counts
    },

    /** Whether the account has a subscription that renews (it must be cancelled before leaving). */
    async isPaying(accountId: string): Promise<boolean> {
      return (await repo.subscriptionsOf(accountId)).some(isRenewing)
    },
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
