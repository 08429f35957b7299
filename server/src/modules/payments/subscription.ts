/**
 * A premium subscription as the gateway's notifications move it (decision 0019), as pure functions:
 * the repository stores the result and the event ids, so that each notification is applied once.
 *
 *   PENDING ──paid──▶ ACTIVE ──renewed──▶ ACTIVE
 *      │                 │ ╲──cancelled──▶ CANCELLED (premium to the end of the paid period)
 *      │                 │  ╲                 └──resumed (within the paid period)──▶ ACTIVE
 *   declined             │   ╲─renewal failed─▶ GRACE (premium a few days more) ──paid──▶ ACTIVE
 *      ▼                 ▼                          └──ended──▶ ENDED
 *   DECLINED          ENDED (premium to the end of what was paid for, then MINI)
 *
 * Notifications can arrive late and out of order. Each carries the gateway's sequence number for its
 * subscription: a change of status older than the last one applied is stale and changes nothing. A
 * payment is never stale: money taken always buys its period, whatever came before it.
 */

export type SubscriptionStatus = 'PENDING' | 'DECLINED' | 'ACTIVE' | 'CANCELLED' | 'GRACE' | 'ENDED'

/** Days of premium kept after a failed renewal, while the gateway tries again. */
export const GRACE_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

export interface Subscription {
  status: SubscriptionStatus
  /** The end of the last paid period; null before the first payment. */
  paidUntil: Date | null
  /** While GRACE: the end of the grace. */
  graceUntil: Date | null
  /** The sequence number of the last change of status applied (0: none yet). */
  lastSequence: number
}

export type GatewayEvent =
  /**
   * A charge went through: the first one or a renewal. `periodEnd` is what it paid for, `amountYen`
   * what was taken (0 for the au trial's free period).
   */
  | { type: 'PAID'; sequence: number; occurredAt: Date; periodEnd: Date; amountYen: number }
  /** The member declined or abandoned the first payment at the gateway. */
  | { type: 'DECLINED'; sequence: number; occurredAt: Date }
  /** A renewal's charge failed; the gateway will try again. */
  | { type: 'RENEWAL_FAILED'; sequence: number; occurredAt: Date }
  /** No more renewals (the member cancelled): premium to the end of the paid period. */
  | { type: 'CANCELLED'; sequence: number; occurredAt: Date }
  /**
   * The member undid the cancellation while the paid period lasted: renewals go on as before (the
   * gateway offers it for credit cards only).
   */
  | { type: 'RESUMED'; sequence: number; occurredAt: Date }
  /**
   * The gateway ended the subscription (retries exhausted, carrier contract ended): no renewals,
   * and MINI once what was paid for has run out (a grace, not paid for, ends now).
   */
  | { type: 'ENDED'; sequence: number; occurredAt: Date }

export interface Applied {
  subscription: Subscription
  /** STALE: older than the last change applied, and not a payment: nothing changed. */
  outcome: 'APPLIED' | 'STALE'
}

export const NEW_SUBSCRIPTION: Subscription = {
  status: 'PENDING',
  paidUntil: null,
  graceUntil: null,
  lastSequence: 0,
}

const later = (a: Date | null, b: Date) => (a && a.getTime() >= b.getTime() ? a : b)

export function applyEvent(current: Subscription, event: GatewayEvent): Applied {
  const stale = event.sequence <= current.lastSequence
  if (event.type === 'PAID') {
    const paidUntil = later(current.paidUntil, event.periodEnd)
    if (stale) return { subscription: { ...current, paidUntil }, outcome: 'APPLIED' }
    // A payment after a cancellation keeps it cancelled (the period is granted, no renewal follows);
    // after the end, a payment the gateway still took starts the subscription again.
    const status = current.status === 'CANCELLED' ? 'CANCELLED' : 'ACTIVE'
    return {
      subscription: { status, paidUntil, graceUntil: null, lastSequence: event.sequence },
      outcome: 'APPLIED',
    }
  }
  if (stale) return { subscription: current, outcome: 'STALE' }
  const moved = (changes: Partial<Subscription>): Applied => ({
    subscription: { ...current, ...changes, lastSequence: event.sequence },
    outcome: 'APPLIED',
  })
  switch (event.type) {
    case 'DECLINED':
      // Only a payment not yet made can be declined; a late "declined" changes nothing else.
      return current.status === 'PENDING' ? moved({ status: 'DECLINED' }) : moved({})
    case 'RENEWAL_FAILED':
      if (current.status !== 'ACTIVE') return moved({})
      return moved({
        status: 'GRACE',
        graceUntil: new Date(later(current.paidUntil, event.occurredAt).getTime() + GRACE_DAYS * DAY_MS),
      })
    case 'CANCELLED':
      if (current.status === 'PENDING') return moved({ status: 'DECLINED' })
      if (current.status === 'ENDED' || current.status === 'DECLINED') return moved({})
      return moved({ status: 'CANCELLED', graceUntil: null })
    case 'RESUMED':
      // Only a cancellation can be undone; the gateway resumes only within the paid period.
      return current.status === 'CANCELLED' ? moved({ status: 'ACTIVE' }) : moved({})
    case 'ENDED':
      return moved({ status: 'ENDED', graceUntil: null })
  }
}

/** The end of the premium the subscription gives, past or not; null when it never gave any. */
export function premiumEnd(subscription: Subscription): Date | null {
  const { status, paidUntil, graceUntil } = subscription
  if (status === 'ACTIVE' || status === 'CANCELLED' || status === 'ENDED') return paidUntil
  if (status === 'GRACE') return graceUntil
  return null
}

/** Until when the subscription makes its account premium; null when it does not (any more). */
export function premiumUntil(subscription: Subscription, now: Date): Date | null {
  const until = premiumEnd(subscription)
  return until && until.getTime() > now.getTime() ? until : null
}

/**
 * Whether the member may undo the cancellation as of `now`: cancelled, and the paid period not over
 * (after it, premium has ended and only a new subscription brings it back).
 */
export function isResumable(subscription: Subscription, now: Date): boolean {
  return subscription.status === 'CANCELLED' && premiumUntil(subscription, now) !== null
}

/** Renewing: the gateway will charge again (or is trying to), so the member is paying until cancelled. */
export function isRenewing(subscription: Pick<Subscription, 'status'>): boolean {
  return subscription.status === 'ACTIVE' || subscription.status === 'GRACE'
}
