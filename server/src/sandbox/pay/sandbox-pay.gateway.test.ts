import { describe, expect, it } from 'vitest'
import { signatureProblem } from '../../modules/payments/signature'
import { fixedClock } from '../../ports/clock'
import {
  CONSENT_MINUTES,
  createSandboxGateway,
  DELIVERY_BACKOFF_MS,
  isCardNumber,
  memoryBooks,
  oneMonthAfter,
  SandboxGatewayError,
} from './sandbox-pay.gateway'

const SECRET = 'sandbox-test-secret-0123456789abcdef'
const START = new Date('2026-11-20T03:00:00Z')

function setUp(answer: (attempt: number) => number = () => 200) {
  const clock = fixedClock(START)
  const sent: Array<{ body: string; signature: string }> = []
  const books = memoryBooks()
  const options = {
    merchantId: 'shop',
    apiKey: 'key',
    notificationSecret: SECRET,
    notificationUrl: 'https://merchant.example/pay/v1/notifications',
    baseUrl: 'https://gateway.example/_sandbox/pay',
    books,
    now: () => clock.now(),
    fetch: async (_url: string, init: RequestInit) => {
      sent.push({
        body: String(init.body),
        signature: new Headers(init.headers).get('puribox-pay-signature')!,
      })
      return new Response(null, { status: answer(sent.length) })
    },
  }
  const gateway = createSandboxGateway(options)
  const start = (merchantRef = 'ref-1', product: 'credit' | 'au' = 'credit', trialDays = 0) =>
    gateway.start(
      product,
      {
        merchantId: 'shop',
        merchantRef,
        plan: product === 'au' ? 'auone' : 'credit',
        amountYen: 330,
        trialDays,
        returnUrl: 'https://merchant.example/web/payment/complete?subscriptionId=s1',
      },
      merchantRef,
    )
  return { clock, sent, gateway, start, books, options }
}

describe('sandbox gateway: money arithmetic', () => {
  it('renews on the same day of the next month in Japan time, the last day when there is none', () => {
    expect(oneMonthAfter(new Date('2026-11-20T03:00:00Z'))).toEqual(new Date('2026-12-20T03:00:00Z'))
    // 31 January (JST) → 28 February.
    expect(oneMonthAfter(new Date('2027-01-30T16:00:00Z'))).toEqual(new Date('2027-02-27T16:00:00Z'))
    // 31 December (JST, still the 30th in UTC) → 31 January.
    expect(oneMonthAfter(new Date('2026-12-30T15:30:00Z'))).toEqual(new Date('2027-01-30T15:30:00Z'))
  })

  it('checks card numbers as card forms do', () => {
    expect(isCardNumber('4242 4242 4242 4242')).toBe(true)
    expect(isCardNumber('4000-0000-0000-0002')).toBe(true)
    expect(isCardNumber('4242 4242 4242 4241')).toBe(false)
    expect(isCardNumber('4242')).toBe(false)
    expect(isCardNumber('abcd efgh ijkl mnop')).toBe(false)
  })
})

describe('sandbox gateway: subscriptions', () => {
  it('a start retried with the same key is the same subscription', () => {
    const { start } = setUp()
    expect(start('ref-1')).toEqual(start('ref-1'))
    expect(start('ref-2').id).not.toBe(start('ref-1').id)
  })

  it('only the merchant with its key may call', () => {
    const { gateway } = setUp()
    expect(() => gateway.authenticate('Bearer key', 'shop')).not.toThrow()
    expect(() => gateway.authenticate('Bearer nope', 'shop')).toThrow(SandboxGatewayError)
    expect(() => gateway.authenticate('Bearer key', 'another-shop')).toThrow(SandboxGatewayError)
  })

  it('a consent not given in time is declined, and its page closes', () => {
    const { gateway, start, clock } = setUp()
    const { id } = start()
    clock.advance(CONSENT_MINUTES * 60_000)
    expect(gateway.awaitingConsent(id)).toBeNull()
    expect(gateway.subscription(id)?.events.map((event) => event.type)).toEqual(['DECLINED'])
    expect(() => gateway.consent(id, { kind: 'approve', payer: null })).toThrow(SandboxGatewayError)
  })

  it('void withdraws an unanswered consent; once consented it answers the payment that won', () => {
    const { gateway, start } = setUp()
    const first = start('ref-1')
    expect(gateway.void('credit', first.id)).toMatchObject({ type: 'DECLINED', sequence: 1 })
    // Again: the same answer, nothing new.
    expect(gateway.void('credit', first.id)).toMatchObject({ type: 'DECLINED', sequence: 1 })
    const second = start('ref-2')
    gateway.consent(second.id, { kind: 'approve', payer: null })
    try {
      gateway.void('credit', second.id)
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({ status: 409, code: 'ALREADY_CONSENTED', event: { type: 'PAID' } })
    }
  })

  it('the au trial: a free first period, then the monthly price', () => {
    const { gateway, start, clock } = setUp()
    const { id } = start('ref-1', 'au', 31)
    gateway.consent(id, { kind: 'approve', payer: 'sakura' })
    const [free] = gateway.subscription(id)!.events
    expect(free).toMatchObject({ type: 'PAID', amountYen: 0, periodEnd: '2026-12-21T03:00:00.000Z' })
    clock.set(new Date('2026-12-21T03:00:00Z'))
    gateway.runSchedule()
    expect(gateway.subscription(id)!.events[1]).toMatchObject({
      type: 'PAID',
      amountYen: 330,
      periodEnd: '2027-01-21T03:00:00.000Z',
    })
    expect(() => start('ref-2', 'credit', 31)).toThrow(SandboxGatewayError)
  })

  it('cancels a card through the API, a carrier plan only at the carrier (the line that pays)', () => {
    const { gateway, start } = setUp()
    const card = start('ref-1')
    gateway.consent(card.id, { kind: 'approve', payer: null })
    const cancelled = gateway.cancel('credit', card.id, 'api')
    expect(cancelled).toMatchObject({ type: 'CANCELLED', sequence: 2 })
    expect(gateway.cancel('credit', card.id, 'api')).toEqual(cancelled)

    const au = start('ref-2', 'au')
    gateway.consent(au.id, { kind: 'approve', payer: 'hinata' })
    expect(() => gateway.cancel('au', au.id, 'api')).toThrow(SandboxGatewayError)
    const page = gateway.cancellationSession('au', au.id, 'https://merchant.example/back')
    const session = page.split('/').pop()!
    expect(gateway.completeCarrierSession(session, 'sakura')).toBeNull()
    expect(gateway.completeCarrierSession(session, 'hinata')).toEqual({
      returnUrl: 'https://merchant.example/back?result=cancelled',
      cancelled: 1,
    })
    expect(gateway.subscription(au.id)?.status).toBe('CANCELLED')
  })
})

describe('sandbox gateway: undoing a cancellation', () => {
  it('a card resumes while its paid period lasts, once; then renews as before', () => {
    const { gateway, start, clock } = setUp()
    const card = start('ref-1')
    gateway.consent(card.id, { kind: 'approve', payer: null })
    const refusal = (run: () => unknown) => {
      try {
        run()
        return null
      } catch (error) {
        return error instanceof SandboxGatewayError ? [error.status, error.code] : error
      }
    }
    // Not cancelled: nothing to undo.
    expect(refusal(() => gateway.resume('credit', card.id))).toEqual([409, 'NOT_CANCELLED'])
    gateway.cancel('credit', card.id, 'api')
    const resumed = gateway.resume('credit', card.id)
    expect(resumed).toMatchObject({ type: 'RESUMED', sequence: 3 })
    expect(gateway.subscription(card.id)?.status).toBe('ACTIVE')
    // A retry answers the same event.
    expect(gateway.resume('credit', card.id)).toEqual(resumed)
    clock.set(new Date('2026-12-20T03:00:00Z'))
    gateway.runSchedule()
    expect(gateway.subscription(card.id)?.events.at(-1)).toMatchObject({ type: 'PAID', amountYen: 330 })
  })

  it('refuses after the paid period, and for a carrier (cancelled there for good)', () => {
    const { gateway, start, clock } = setUp()
    const card = start('ref-1')
    gateway.consent(card.id, { kind: 'approve', payer: null })
    gateway.cancel('credit', card.id, 'api')
    clock.set(new Date('2026-12-20T03:00:00Z'))
    expect(() => gateway.resume('credit', card.id)).toThrow(
      expect.objectContaining({ status: 409, code: 'PERIOD_OVER' }),
    )
    const au = start('ref-2', 'au')
    gateway.consent(au.id, { kind: 'approve', payer: 'hinata' })
    expect(() => gateway.resume('au', au.id)).toThrow(
      expect.objectContaining({ status: 400, code: 'RESUME_NOT_OFFERED' }),
    )
  })
})

describe('sandbox gateway: notifications', () => {
  it('signs each notification, which the merchant can check on the raw body', async () => {
    const { gateway, start, sent, clock } = setUp()
    gateway.consent(start().id, { kind: 'approve', payer: null })
    expect(await gateway.deliverDue()).toBe(1)
    expect(sent).toHaveLength(1)
    expect(signatureProblem(SECRET, sent[0]!.body, sent[0]!.signature, clock.now())).toBeNull()
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ type: 'PAID', merchantRef: 'ref-1', sequence: 1 })
  })

  it('retries a refused notification with growing waits, then gives up', async () => {
    const { gateway, start, sent, clock } = setUp(() => 500)
    gateway.consent(start().id, { kind: 'approve', payer: null })
    await gateway.deliverDue()
    for (const wait of DELIVERY_BACKOFF_MS.slice(1)) {
      clock.advance(wait - 1)
      await gateway.deliverDue()
      const before = sent.length
      clock.advance(1)
      await gateway.deliverDue()
      expect(sent.length).toBe(before + 1)
    }
    expect(gateway.deliveries()[0]).toMatchObject({ state: 'GAVE_UP', attempts: DELIVERY_BACKOFF_MS.length })
    expect(gateway.nextDeliveryAt()).toBeNull()
  })

  it('keeps its books across a restart', () => {
    const { gateway, start, options } = setUp()
    const { id } = start()
    gateway.consent(id, { kind: 'approve', payer: null })
    const again = createSandboxGateway(options)
    expect(again.subscription(id)).toMatchObject({ status: 'ACTIVE', sequence: 1 })
    expect(again.deliveries()).toHaveLength(1)
  })

  it('the console resends the last notification as it was (a duplicate for the merchant)', async () => {
    const { gateway, start, sent } = setUp()
    const { id } = start()
    gateway.consent(id, { kind: 'approve', payer: null })
    await gateway.deliverDue()
    gateway.act(id, 'resend')
    await gateway.deliverDue()
    expect(sent.map((one) => JSON.parse(one.body).eventId)).toEqual([
      JSON.parse(sent[0]!.body).eventId,
      JSON.parse(sent[0]!.body).eventId,
    ])
  })
})
