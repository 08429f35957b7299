import { describe, expect, it } from 'vitest'
import {
  applyEvent,
  type GatewayEvent,
  GRACE_DAYS,
  isResumable,
  NEW_SUBSCRIPTION,
  premiumUntil,
  type Subscription,
} from './subscription'

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 3))
const paid = (sequence: number, from: number): GatewayEvent => ({
  type: 'PAID',
  sequence,
  occurredAt: day(from),
  periodEnd: day(from + 30),
  amountYen: 330,
})
const event = (type: Exclude<GatewayEvent['type'], 'PAID'>, sequence: number, at: number): GatewayEvent => ({
  type,
  sequence,
  occurredAt: day(at),
})

function run(...events: GatewayEvent[]): Subscription {
  return events.reduce((current, next) => applyEvent(current, next).subscription, NEW_SUBSCRIPTION)
}

describe('subscription: the happy path', () => {
  it('pending is not premium; paid is, to the end of the period; a renewal extends it', () => {
    expect(premiumUntil(NEW_SUBSCRIPTION, day(0))).toBeNull()
    const first = run(paid(1, 0))
    expect(first.status).toBe('ACTIVE')
    expect(premiumUntil(first, day(10))).toEqual(day(30))
    expect(premiumUntil(first, day(30))).toBeNull()
    const renewed = run(paid(1, 0), paid(2, 30))
    expect(premiumUntil(renewed, day(45))).toEqual(day(60))
  })

  it('cancelled keeps premium to the end of the paid period, then MINI', () => {
    const cancelled = run(paid(1, 0), event('CANCELLED', 2, 5))
    expect(cancelled.status).toBe('CANCELLED')
    expect(premiumUntil(cancelled, day(29))).toEqual(day(30))
    expect(premiumUntil(cancelled, day(30))).toBeNull()
  })

  it('a cancellation undone within the paid period renews again; after it, nothing to undo', () => {
    const cancelled = run(paid(1, 0), event('CANCELLED', 2, 5))
    expect(isResumable(cancelled, day(29))).toBe(true)
    expect(isResumable(cancelled, day(30))).toBe(false)
    const resumed = run(paid(1, 0), event('CANCELLED', 2, 5), event('RESUMED', 3, 6))
    expect(resumed.status).toBe('ACTIVE')
    expect(premiumUntil(resumed, day(29))).toEqual(day(30))
    expect(isResumable(resumed, day(10))).toBe(false)
    // The renewal that follows extends it, as for any active subscription.
    expect(
      premiumUntil(run(paid(1, 0), event('CANCELLED', 2, 5), event('RESUMED', 3, 6), paid(4, 30)), day(45)),
    ).toEqual(day(60))
    // Cancelled again after resuming: cancelled.
    expect(
      run(paid(1, 0), event('CANCELLED', 2, 5), event('RESUMED', 3, 6), event('CANCELLED', 4, 7)).status,
    ).toBe('CANCELLED')
  })

  it('a failed renewal gives a grace; paid in it, active again; ended, MINI', () => {
    const grace = run(paid(1, 0), event('RENEWAL_FAILED', 2, 30))
    expect(grace.status).toBe('GRACE')
    expect(premiumUntil(grace, day(30 + GRACE_DAYS - 1))).toEqual(day(30 + GRACE_DAYS))
    expect(premiumUntil(grace, day(30 + GRACE_DAYS))).toBeNull()
    expect(run(paid(1, 0), event('RENEWAL_FAILED', 2, 30), paid(3, 32)).status).toBe('ACTIVE')
    const ended = run(paid(1, 0), event('RENEWAL_FAILED', 2, 30), event('ENDED', 3, 33))
    expect(premiumUntil(ended, day(33))).toBeNull()
  })

  it('declined before paying is never premium', () => {
    const declined = run(event('DECLINED', 1, 0))
    expect(declined.status).toBe('DECLINED')
    expect(premiumUntil(declined, day(0))).toBeNull()
  })
})

describe('subscription: late and out-of-order notifications', () => {
  it('applying the same notification again changes nothing', () => {
    const once = run(paid(1, 0), event('CANCELLED', 2, 5))
    expect(applyEvent(once, event('CANCELLED', 2, 5))).toEqual({ subscription: once, outcome: 'STALE' })
    expect(applyEvent(once, paid(1, 0)).subscription).toEqual(once)
  })

  it('an older change of status arriving late is stale', () => {
    // Cancelled (2) arrives, then the older "renewal failed" (1): still cancelled, no grace.
    const current = run(paid(1, 0), event('CANCELLED', 3, 31))
    const late = applyEvent(current, event('RENEWAL_FAILED', 2, 30))
    expect(late.outcome).toBe('STALE')
    expect(late.subscription).toEqual(current)
  })

  it('a payment is never lost: a late one still buys its period, even after a cancellation or the end', () => {
    // The renewal (2) is delayed behind the cancellation (3).
    const cancelled = run(paid(1, 0), event('CANCELLED', 3, 31))
    const late = applyEvent(cancelled, paid(2, 30))
    expect(late.outcome).toBe('APPLIED')
    expect(late.subscription.status).toBe('CANCELLED')
    expect(premiumUntil(late.subscription, day(45))).toEqual(day(60))
    // Ended, then a payment the gateway took after all: premium for what it paid.
    const ended = run(paid(1, 0), event('ENDED', 2, 31))
    expect(premiumUntil(applyEvent(ended, paid(3, 31)).subscription, day(40))).toEqual(day(61))
  })

  it('a payment arriving before the notification that started it still makes it active', () => {
    const current = run(paid(2, 0))
    expect(current.status).toBe('ACTIVE')
    // The older "pending" decline arriving afterwards is stale.
    expect(applyEvent(current, event('DECLINED', 1, 0)).outcome).toBe('STALE')
  })

  it('a resumption only undoes a cancellation: after the end, or arriving late, it changes nothing', () => {
    const ended = run(paid(1, 0), event('CANCELLED', 2, 5), event('ENDED', 3, 30))
    expect(applyEvent(ended, event('RESUMED', 4, 31)).subscription.status).toBe('ENDED')
    expect(run(paid(1, 0), event('RESUMED', 2, 3)).status).toBe('ACTIVE')
    // Resumed (3) then cancelled again (4); the resumption delivered again is stale.
    const again = run(paid(1, 0), event('CANCELLED', 2, 5), event('RESUMED', 3, 6), event('CANCELLED', 4, 7))
    expect(applyEvent(again, event('RESUMED', 3, 6))).toEqual({ subscription: again, outcome: 'STALE' })
  })

  it('ended keeps what was paid for, and drops a grace', () => {
    const ended = run(paid(1, 0), event('ENDED', 2, 10))
    expect(premiumUntil(ended, day(20))).toEqual(day(30))
    const fromGrace = run(paid(1, 0), event('RENEWAL_FAILED', 2, 30), event('ENDED', 3, 31))
    expect(fromGrace.graceUntil).toBeNull()
    expect(premiumUntil(fromGrace, day(31))).toBeNull()
  })
})
