import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { PaymentPlan } from '@puribox/contract/payments'
import { signNotification } from '../../modules/payments/signature'
import type { HttpFetch } from '../../ports/auth-service'
import type { GatewayEventBody, StartBody } from '../../ports/payment-gateway'
import type { SandboxPerson } from '../auth/sandbox-identities'

/**
 * The sandbox payment gateway's books (decision 0020): subscriptions as a gateway keeps them, the
 * notifications it owes the merchant (delivered with retries), and its short-lived carrier pages.
 * Everything PuriBox learns from it comes through the same protocol a real gateway speaks.
 */

export type SandboxProduct = 'credit' | 'au' | 'docomo' | 'softbank'
export const SANDBOX_PRODUCTS: readonly SandboxProduct[] = ['credit', 'au', 'docomo', 'softbank']

export type SandboxStatus = 'AWAITING_CONSENT' | 'DECLINED' | 'ACTIVE' | 'PAST_DUE' | 'CANCELLED' | 'ENDED'

export interface SandboxSubscription {
  id: string
  merchantRef: string
  product: SandboxProduct
  plan: PaymentPlan
  amountYen: number
  trialDays: number
  returnUrl: string
  status: SandboxStatus
  createdAt: string
  consentExpiresAt: string
  /** Who pays: a test person of the carrier, or the card holder. */
  payer: SandboxPerson | null
  sequence: number
  paidUntil: string | null
  /** A tester's switch: the next renewal's charge fails. */
  failRenewals: boolean
  pastDueSince: string | null
  events: GatewayEventBody[]
}

export interface SandboxDelivery {
  event: GatewayEventBody
  attempts: number
  nextAttemptAt: number
  state: 'PENDING' | 'DELIVERED' | 'GAVE_UP'
  lastError: string | null
}

/** A carrier's page for one member: ending a subscription's renewals, or stopping payments by carrier id. */
export interface SandboxCarrierSession {
  id: string
  purpose: 'cancellation' | 'withdrawal'
  product: SandboxProduct
  subscriptionId: string | null
  returnUrl: string
  expiresAt: number
}

interface Books {
  subscriptions: Record<string, SandboxSubscription>
  /** Idempotency keys of starts: the merchant's reference → the subscription. */
  starts: Record<string, string>
  deliveries: SandboxDelivery[]
  sessions: Record<string, SandboxCarrierSession>
}

/** Where the books are kept: a JSON file under DATA_DIR (survives restarts), or memory (tests). */
export interface SandboxBooksStore {
  load(): Books | null
  save(books: Books): void
}

export function memoryBooks(): SandboxBooksStore {
  let kept: string | null = null
  return {
    load: () => (kept ? (JSON.parse(kept) as Books) : null),
    save: (books) => {
      kept = JSON.stringify(books)
    },
  }
}

export function fileBooks(file: string): SandboxBooksStore {
  return {
    load: () => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Books) : null),
    save: (books) => {
      mkdirSync(path.dirname(file), { recursive: true })
      const temporary = `${file}.${process.pid}.tmp`
      writeFileSync(temporary, JSON.stringify(books))
      renameSync(temporary, file)
    },
  }
}

const DAY_MS = 24 * 60 * 60 * 1000
/** A consent not given in this time is declined. */
export const CONSENT_MINUTES = 30
/** A failed renewal is tried again daily; after this many days the subscription ends. */
export const PAST_DUE_DAYS = 7
/** Waits between delivery attempts of one notification; after the last, the gateway gives up. */
export const DELIVERY_BACKOFF_MS = [0, 1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000]
const CARRIER_SESSION_MS = 30 * 60 * 1000
/** Test card numbers: this one is declined by the card company. */
export const DECLINED_CARD = '4000000000000002'

const JST_MS = 9 * 60 * 60 * 1000

/** One calendar month later, in Japan time (31 Jan → 28/29 Feb), as renewals run. */
export function oneMonthAfter(instant: Date): Date {
  const wall = new Date(instant.getTime() + JST_MS)
  const year = wall.getUTCFullYear()
  const month = wall.getUTCMonth() + 1
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const moved = new Date(wall)
  moved.setUTCDate(1)
  moved.setUTCMonth(month)
  moved.setUTCDate(Math.min(wall.getUTCDate(), lastDay))
  return new Date(moved.getTime() - JST_MS)
}

/** A return address with the outcome for the merchant's page (`?result=`). */
export function withResult(url: string, result: string): string {
  const back = new URL(url)
  back.searchParams.set('result', result)
  return back.toString()
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** Luhn's check, as every card form runs before anything else. */
export function isCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '')
  if (!/^\d{14,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export class SandboxGatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly event: GatewayEventBody | null = null,
  ) {
    super(code)
  }
}

export interface SandboxGatewayOptions {
  merchantId: string
  apiKey: string
  notificationSecret: string
  /** Where the merchant takes notifications. */
  notificationUrl: string
  /** The gateway's own address, for the pages it sends members to. */
  baseUrl: string
  books: SandboxBooksStore
  now: () => Date
  fetch?: HttpFetch
}

export function createSandboxGateway(options: SandboxGatewayOptions) {
  const books: Books = options.books.load() ?? { subscriptions: {}, starts: {}, deliveries: [], sessions: {} }
  const save = () => options.books.save(books)
  const now = () => options.now()
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init))

  function find(subscriptionId: string, product?: SandboxProduct): SandboxSubscription {
    const subscription = books.subscriptions[subscriptionId]
    if (!subscription || (product && subscription.product !== product)) {
      throw new SandboxGatewayError(404, 'SUBSCRIPTION_NOT_FOUND')
    }
    return subscription
  }

  /** A new event of the subscription, owed to the merchant as a notification. */
  function emit(
    subscription: SandboxSubscription,
    type: GatewayEventBody['type'],
    payment?: { periodEnd: Date; amountYen: number },
  ): GatewayEventBody {
    subscription.sequence += 1
    const event: GatewayEventBody = {
      eventId: id('evt'),
      subscriptionId: subscription.id,
      merchantRef: subscription.merchantRef,
      type,
      sequence: subscription.sequence,
      occurredAt: now().toISOString(),
      ...(payment ? { periodEnd: payment.periodEnd.toISOString(), amountYen: payment.amountYen } : {}),
    }
    subscription.events.push(event)
    books.deliveries.push({
      event,
      attempts: 0,
      nextAttemptAt: now().getTime(),
      state: 'PENDING',
      lastError: null,
    })
    return event
  }

  function charge(subscription: SandboxSubscription, from: Date, first: boolean): GatewayEventBody {
    const free = first && subscription.trialDays > 0
    const periodEnd = free ? new Date(from.getTime() + subscription.trialDays * DAY_MS) : oneMonthAfter(from)
    subscription.paidUntil = periodEnd.toISOString()
    subscription.status = 'ACTIVE'
    subscription.pastDueSince = null
    return emit(subscription, 'PAID', { periodEnd, amountYen: free ? 0 : subscription.amountYen })
  }

  function latest(subscription: SandboxSubscription, type: GatewayEventBody['type']) {
    return subscription.events.findLast((event) => event.type === type) ?? null
  }

  function expireConsent(subscription: SandboxSubscription): boolean {
    if (subscription.status !== 'AWAITING_CONSENT') return false
    if (new Date(subscription.consentExpiresAt).getTime() > now().getTime()) return false
    subscription.status = 'DECLINED'
    emit(subscription, 'DECLINED')
    return true
  }

  function carrierSession(
    purpose: SandboxCarrierSession['purpose'],
    product: SandboxProduct,
    subscriptionId: string | null,
    returnUrl: string,
  ): string {
    const session = {
      id: id('cs'),
      purpose,
      product,
      subscriptionId,
      returnUrl,
      expiresAt: now().getTime() + CARRIER_SESSION_MS,
    }
    books.sessions[session.id] = session
    save()
    return `${options.baseUrl}/carrier/${session.id}`
  }

  const gateway = {
    options,

    /** The merchant's credentials on an API call. */
    authenticate(authorization: string | undefined, merchantId: unknown): void {
      if (authorization !== `Bearer ${options.apiKey}` || merchantId !== options.merchantId) {
        throw new SandboxGatewayError(401, 'UNAUTHORIZED')
      }
    },

    start(
      product: SandboxProduct,
      body: StartBody,
      idempotencyKey: string | undefined,
    ): { id: string; consentUrl: string } {
      const key = idempotencyKey ?? body.merchantRef
      const known = books.starts[key]
      if (known) return { id: known, consentUrl: `${options.baseUrl}/consent/${known}` }
      if (body.trialDays > 0 && product !== 'au') throw new SandboxGatewayError(400, 'TRIAL_NOT_OFFERED')
      const subscription: SandboxSubscription = {
        id: id('sub'),
        merchantRef: body.merchantRef,
        product,
        plan: body.plan,
        amountYen: body.amountYen,
        trialDays: body.trialDays,
        returnUrl: body.returnUrl,
        status: 'AWAITING_CONSENT',
        createdAt: now().toISOString(),
        consentExpiresAt: new Date(now().getTime() + CONSENT_MINUTES * 60_000).toISOString(),
        payer: null,
        sequence: 0,
        paidUntil: null,
        failRenewals: false,
        pastDueSince: null,
        events: [],
      }
      books.subscriptions[subscription.id] = subscription
      books.starts[key] = subscription.id
      save()
      return { id: subscription.id, consentUrl: `${options.baseUrl}/consent/${subscription.id}` }
    },

    /** The consent page's subscription, or null when there is none to consent to any more. */
    awaitingConsent(subscriptionId: string): SandboxSubscription | null {
      const subscription = books.subscriptions[subscriptionId]
      if (!subscription) return null
      if (expireConsent(subscription)) save()
      return subscription.status === 'AWAITING_CONSENT' ? subscription : null
    },

    subscription(subscriptionId: string): SandboxSubscription | null {
      return books.subscriptions[subscriptionId] ?? null
    },

    /**
     * The member's answer on the consent page: approved (the first charge, or the trial), declined,
     * or cancelled. Answers where to send the member back.
     */
    consent(
      subscriptionId: string,
      answer: { kind: 'approve'; payer: SandboxPerson | null } | { kind: 'decline' } | { kind: 'cancel' },
    ): string {
      const subscription = this.awaitingConsent(subscriptionId)
      if (!subscription) throw new SandboxGatewayError(409, 'CONSENT_CLOSED')
      let result: string
      if (answer.kind === 'approve') {
        subscription.payer = answer.payer
        charge(subscription, now(), true)
        result = 'approved'
      } else {
        subscription.status = 'DECLINED'
        emit(subscription, 'DECLINED')
        result = answer.kind === 'decline' ? 'declined' : 'cancelled'
      }
      save()
      return withResult(subscription.returnUrl, result)
    },

    void(product: SandboxProduct, subscriptionId: string): GatewayEventBody {
      const subscription = find(subscriptionId, product)
      expireConsent(subscription)
      if (subscription.status === 'AWAITING_CONSENT') {
        subscription.status = 'DECLINED'
        const event = emit(subscription, 'DECLINED')
        save()
        return event
      }
      if (subscription.status === 'DECLINED') return latest(subscription, 'DECLINED')!
      throw new SandboxGatewayError(409, 'ALREADY_CONSENTED', latest(subscription, 'PAID'))
    },

    cancel(product: SandboxProduct, subscriptionId: string, via: 'api' | 'carrier'): GatewayEventBody {
      const subscription = find(subscriptionId, product)
      if (via === 'api' && product !== 'credit') throw new SandboxGatewayError(400, 'CANCEL_AT_CARRIER')
      if (subscription.status === 'CANCELLED') return latest(subscription, 'CANCELLED')!
      if (subscription.status !== 'ACTIVE' && subscription.status !== 'PAST_DUE') {
        throw new SandboxGatewayError(409, 'NOT_RENEWING')
      }
      subscription.status = 'CANCELLED'
      const event = emit(subscription, 'CANCELLED')
      save()
      return event
    },

    /**
     * Undoes a card's cancellation while its paid period lasts: renewals go on as before. A carrier's
     * cancellation is final (as at the real carriers): the member subscribes again. Asked again for
     * one it resumed, it answers the same event.
     */
    resume(product: SandboxProduct, subscriptionId: string): GatewayEventBody {
      const subscription = find(subscriptionId, product)
      if (product !== 'credit') throw new SandboxGatewayError(400, 'RESUME_NOT_OFFERED')
      if (subscription.status === 'ACTIVE') {
        const last = subscription.events.findLast((event) => event.type !== 'PAID')
        if (last?.type === 'RESUMED') return last
      }
      if (subscription.status !== 'CANCELLED') throw new SandboxGatewayError(409, 'NOT_CANCELLED')
      const paidUntil = subscription.paidUntil ? new Date(subscription.paidUntil) : null
      if (!paidUntil || paidUntil.getTime() <= now().getTime()) {
        throw new SandboxGatewayError(409, 'PERIOD_OVER')
      }
      subscription.status = 'ACTIVE'
      const event = emit(subscription, 'RESUMED')
      save()
      return event
    },

    cancellationSession(product: SandboxProduct, subscriptionId: string, returnUrl: string): string {
      if (product === 'credit') throw new SandboxGatewayError(400, 'CANCEL_THROUGH_API')
      find(subscriptionId, product)
      return carrierSession('cancellation', product, subscriptionId, returnUrl)
    },

    withdrawalSession(product: SandboxProduct, returnUrl: string): string {
      if (product === 'credit') throw new SandboxGatewayError(400, 'NO_CARRIER_ID')
      return carrierSession('withdrawal', product, null, returnUrl)
    },

    carrierSession(sessionId: string): SandboxCarrierSession | null {
      const session = books.sessions[sessionId]
      if (!session || session.expiresAt <= now().getTime()) return null
      return session
    },

    /** The renewing subscriptions of one payer at a carrier (what a carrier id finds). */
    subscriptionsOfPayer(product: SandboxProduct, payer: SandboxPerson): SandboxSubscription[] {
      return Object.values(books.subscriptions).filter(
        (subscription) =>
          subscription.product === product &&
          subscription.payer === payer &&
          (subscription.status === 'ACTIVE' || subscription.status === 'PAST_DUE'),
      )
    },

    /**
     * The member's answer on a carrier's page, after the carrier authenticated them as `payer`:
     * the renewals they asked to end are cancelled. Answers where to send them back, or null when
     * that line has nothing to cancel here.
     */
    completeCarrierSession(
      sessionId: string,
      payer: SandboxPerson,
    ): { returnUrl: string; cancelled: number } | null {
      const session = this.carrierSession(sessionId)
      if (!session) throw new SandboxGatewayError(410, 'SESSION_EXPIRED')
      const targets = this.subscriptionsOfPayer(session.product, payer).filter(
        (subscription) => session.subscriptionId === null || subscription.id === session.subscriptionId,
      )
      if (targets.length === 0) return null
      for (const subscription of targets) this.cancel(session.product, subscription.id, 'carrier')
      delete books.sessions[sessionId]
      save()
      return { returnUrl: withResult(session.returnUrl, 'cancelled'), cancelled: targets.length }
    },

    /** Ends a carrier session without doing anything: back to the merchant. */
    abandonCarrierSession(sessionId: string): string {
      const session = this.carrierSession(sessionId)
      if (!session) throw new SandboxGatewayError(410, 'SESSION_EXPIRED')
      delete books.sessions[sessionId]
      save()
      return withResult(session.returnUrl, 'abandoned')
    },

    /**
     * What the gateway does as time passes: renewals fall due (charged, or failed when the tester
     * says so, then ended after PAST_DUE_DAYS), and consents run out.
     */
    runSchedule(): number {
      let changed = 0
      const at = now()
      for (const subscription of Object.values(books.subscriptions)) {
        if (expireConsent(subscription)) changed++
        const due = subscription.paidUntil ? new Date(subscription.paidUntil) : null
        if (!due || due.getTime() > at.getTime()) continue
        if (subscription.status === 'ACTIVE') {
          if (subscription.failRenewals) {
            subscription.status = 'PAST_DUE'
            subscription.pastDueSince = at.toISOString()
            emit(subscription, 'RENEWAL_FAILED')
          } else charge(subscription, due, false)
          changed++
        } else if (
          subscription.status === 'PAST_DUE' &&
          at.getTime() - new Date(subscription.pastDueSince!).getTime() >= PAST_DUE_DAYS * DAY_MS
        ) {
          subscription.status = 'ENDED'
          emit(subscription, 'ENDED')
          changed++
        }
      }
      if (changed > 0) save()
      return changed
    },

    /** The tester's console: what a real gateway's dashboard would let them do. */
    act(subscriptionId: string, action: 'renew' | 'failRenewal' | 'toggleFailures' | 'end' | 'resend'): void {
      const subscription = find(subscriptionId)
      switch (action) {
        case 'renew':
          if (subscription.status !== 'ACTIVE' && subscription.status !== 'PAST_DUE') {
            throw new SandboxGatewayError(409, 'NOT_RENEWING')
          }
          charge(subscription, subscription.paidUntil ? new Date(subscription.paidUntil) : now(), false)
          break
        case 'failRenewal':
          if (subscription.status !== 'ACTIVE') throw new SandboxGatewayError(409, 'NOT_ACTIVE')
          subscription.status = 'PAST_DUE'
          subscription.pastDueSince = now().toISOString()
          emit(subscription, 'RENEWAL_FAILED')
          break
        case 'toggleFailures':
          subscription.failRenewals = !subscription.failRenewals
          break
        case 'end':
          if (subscription.status === 'ENDED' || subscription.status === 'DECLINED') {
            throw new SandboxGatewayError(409, 'ALREADY_OVER')
          }
          subscription.status = 'ENDED'
          emit(subscription, 'ENDED')
          break
        case 'resend': {
          // The same notification again, as a gateway's retry would send it.
          const last = subscription.events.at(-1)
          if (!last) throw new SandboxGatewayError(409, 'NOTHING_SENT')
          books.deliveries.push({
            event: last,
            attempts: 0,
            nextAttemptAt: now().getTime(),
            state: 'PENDING',
            lastError: null,
          })
          break
        }
      }
      save()
    },

    subscriptions(): SandboxSubscription[] {
      return Object.values(books.subscriptions).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    },

    deliveries(): readonly SandboxDelivery[] {
      return books.deliveries
    },

    /**
     * Sends the notifications that are due, each signed, each until the merchant answers 2xx; a
     * failed one waits longer each time, then is given up. Answers how many were delivered now.
     */
    async deliverDue(): Promise<number> {
      let delivered = 0
      const due = books.deliveries.filter(
        (delivery) => delivery.state === 'PENDING' && delivery.nextAttemptAt <= now().getTime(),
      )
      for (const delivery of due) {
        const body = JSON.stringify(delivery.event)
        delivery.attempts += 1
        try {
          const response = await send(options.notificationUrl, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'puribox-pay-signature': signNotification(options.notificationSecret, body, now()),
            },
            body,
            signal: AbortSignal.timeout(10_000),
          })
          if (!response.ok) throw new Error(`HTTP ${response.status}`)
          delivery.state = 'DELIVERED'
          delivery.lastError = null
          delivered++
        } catch (error) {
          delivery.lastError = String(error)
          const wait = DELIVERY_BACKOFF_MS[delivery.attempts]
          if (wait === undefined) delivery.state = 'GAVE_UP'
          else delivery.nextAttemptAt = now().getTime() + wait
        }
      }
      // Delivered notifications are kept a while for the console, then forgotten.
      if (books.deliveries.length > 500) {
        books.deliveries = books.deliveries
          .filter((delivery) => delivery.state === 'PENDING')
          .concat(books.deliveries.filter((delivery) => delivery.state !== 'PENDING').slice(-200))
      }
      if (due.length > 0) save()
      return delivered
    },

    /** When the next delivery attempt is due, or null when none waits. */
    nextDeliveryAt(): number | null {
      const pending = books.deliveries.filter((delivery) => delivery.state === 'PENDING')
      return pending.length === 0 ? null : Math.min(...pending.map((delivery) => delivery.nextAttemptAt))
    },
  }
  return gateway
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>
