import { type DayNumbers, japanDayStart } from '@puribox/contract/admin-numbers'
import { addDays, japanDay, parseJst } from '@puribox/contract/time'
import { describe, expect, it } from 'vitest'
import { createAd, createTopPageSpace } from '../../test/ads'
import {
  addSealLookups,
  createAccount,
  createAdReactionCount,
  createPaymentEvent,
  createSave,
  createSubscription,
} from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'
import type { OperatorActor } from '../actor'
import { createNumbersRepository } from './numbers.repository'
import { createNumbersService } from './numbers.service'

// Three Japan days ending with the test clock's: the day before yesterday, yesterday, today.
const today = japanDay(TEST_NOW)
const yesterday = japanDay(addDays(TEST_NOW, -1))
const firstDay = japanDay(addDays(TEST_NOW, -2))
const dayBefore = japanDay(addDays(TEST_NOW, -3))
const dayAfter = japanDay(addDays(TEST_NOW, 1))

/** An instant given in Japan time. */
const jst = (day: string, time: string) => parseJst(`${day}T${time}`)!
/** The last second of yesterday and the first of today, Japan time. */
const lastSecondOfYesterday = jst(yesterday, '23:59:59')
const midnight = jst(today, '00:00:00')

const viewer: OperatorActor = { kind: 'operator', operatorId: 'op-viewer', role: 'viewer', ip: '192.0.2.1' }

describe('the numbers, read from the modules’ tables per Japan day', () => {
  const ctx = useTestApp()
  const read = async () =>
    (
      await createNumbersService({ repo: createNumbersRepository(ctx().db) }).daily(viewer, {
        from: firstDay,
        to: today,
      })
    ).days
  /** One field of each day of the range, oldest first. */
  const column = async <T>(pick: (day: DayNumbers) => T) => (await read()).map(pick)

  it('takes the test clock’s Japan days: 23:59:59 and 00:00 JST are 14:59:59Z and 15:00:00Z', () => {
    expect([firstDay, yesterday, today]).toEqual(['2026-11-18', '2026-11-19', '2026-11-20'])
    expect(lastSecondOfYesterday.toISOString()).toBe('2026-11-19T14:59:59.000Z')
    expect(midnight.toISOString()).toBe('2026-11-19T15:00:00.000Z')
    expect(japanDayStart(today)).toEqual(midnight)
  })

  it('answers every day of the range, with zeros on a day with nothing', async () => {
    await createAccount(ctx().db, { registeredAt: jst(today, '09:00:00') })
    const days = await read()
    expect(days.map((day) => day.day)).toEqual([firstDay, yesterday, today])
    const zero: Omit<DayNumbers, 'day'> = {
      sealLookups: { inputSealId: 0, qr: 0, other: 0 },
      picturesSaved: 0,
      sealsRegistered: 0,
      newMembers: 0,
      premiumStarts: { CREDIT: 0, AU: 0, DOCOMO: 0, SOFTBANK: 0 },
      auTrialStarts: 0,
      premiumCancellations: { CREDIT: 0, AU: 0, DOCOMO: 0, SOFTBANK: 0 },
      adImpressions: 0,
      adClicks: 0,
    }
    expect(days[0]).toEqual({ day: firstDay, ...zero })
    expect(days[1]).toEqual({ day: yesterday, ...zero })
    expect(days[2]).toEqual({ day: today, ...zero, newMembers: 1 })
  })

  it('counts new members on the Japan day they registered, the range’s first and last instants included', async () => {
    const at = [
      jst(dayBefore, '23:59:59'), // before the range
      jst(firstDay, '00:00:00'),
      jst(yesterday, '12:00:00'),
      lastSecondOfYesterday,
      midnight,
      jst(today, '23:59:59'),
      jst(dayAfter, '00:00:00'), // after the range
    ]
    for (const registeredAt of at) await createAccount(ctx().db, { registeredAt })
    expect(await column((day) => day.newMembers)).toEqual([1, 2, 2])
  })

  it('counts the pictures saved and the seals saved, each on its Japan day', async () => {
    const { sealId } = await createSeal(ctx())
    const other = await createSeal(ctx())
    const [one, two] = [await createAccount(ctx().db), await createAccount(ctx().db)]
    await createSave(ctx().db, {
      sealId,
      accountId: one.id,
      at: lastSecondOfYesterday,
      puriNumbers: [1, 2, 3],
    })
    await createSave(ctx().db, { sealId, accountId: two.id, at: midnight, puriNumbers: [1] })
    // A seal saved with no picture (a mini member's seal without a free puri) is a seal saved all the same.
    await createSave(ctx().db, { sealId: other.sealId, accountId: two.id, at: midnight, puriNumbers: [] })
    await createSave(ctx().db, { sealId: other.sealId, accountId: one.id, at: jst(dayAfter, '00:00:00') })
    expect(await column((day) => day.picturesSaved)).toEqual([0, 3, 1])
    expect(await column((day) => day.sealsRegistered)).toEqual([0, 1, 2])
  })

  it('reads the seal lookups counted per day and source, the range’s days only', async () => {
    await addSealLookups(ctx().db, dayBefore, 'qr', 100)
    await addSealLookups(ctx().db, firstDay, 'inputSealId', 4)
    await addSealLookups(ctx().db, yesterday, 'qr', 7)
    await addSealLookups(ctx().db, yesterday, 'qr', 2)
    await addSealLookups(ctx().db, yesterday, 'other', 1)
    await addSealLookups(ctx().db, today, 'inputSealId', 3)
    await addSealLookups(ctx().db, dayAfter, 'inputSealId', 100)
    expect(await column((day) => day.sealLookups)).toEqual([
      { inputSealId: 4, qr: 0, other: 0 },
      { inputSealId: 0, qr: 9, other: 1 },
      { inputSealId: 3, qr: 0, other: 0 },
    ])
  })

  it('counts a premium start on the day of a subscription’s first payment, by how it pays, the au trial apart', async () => {
    const { db } = ctx()
    const accountId = (await createAccount(db)).id
    const paid = async (
      subscription: Parameters<typeof createSubscription>[1],
      payments: Array<[sequence: number, occurredAt: Date, amountYen?: number]>,
    ) => {
      const { id } = await createSubscription(db, { status: 'ACTIVE', ...subscription })
      for (const [sequence, occurredAt, amountYen = 330] of payments) {
        await createPaymentEvent(db, { subscriptionId: id, type: 'PAID', sequence, occurredAt, amountYen })
      }
      return id
    }
    // A card: its first payment yesterday at 23:59:59 JST is the start; the renewal today is not.
    await paid({ accountId }, [
      [1, lastSecondOfYesterday],
      [3, jst(today, '10:00:00')],
    ])
    // The au trial: its first, free period starts premium at midnight; so does an au add-on plan.
    await paid({ accountId, kind: 'AU', plan: 'auone', trial: true }, [[1, midnight, 0]])
    await paid({ accountId, kind: 'AU', plan: 'auone_addon' }, [[1, jst(today, '08:00:00')]])
    // docomo's add-on plan and a plan carried over from earlier billing count as docomo.
    await paid({ accountId, kind: 'DOCOMO', plan: 'spmode_addon' }, [[1, jst(firstDay, '00:00:00')]])
    await paid({ accountId, kind: 'DOCOMO', plan: 'spmode_shift' }, [[2, jst(firstDay, '18:00:00')]])
    // SoftBank paid first before the range: its renewal in the range is no start.
    await paid({ accountId, kind: 'SOFTBANK', plan: 'softbank' }, [
      [1, jst(dayBefore, '23:59:59')],
      [2, jst(yesterday, '09:00:00')],
    ])
    // Delivered late: the renewal arrived first, but the gateway's order says which payment came first.
    const late = await paid({ accountId, kind: 'CREDIT' }, [[4, jst(today, '11:00:00')]])
    await createPaymentEvent(db, {
      subscriptionId: late,
      type: 'PAID',
      sequence: 1,
      occurredAt: jst(yesterday, '11:00:00'),
    })
    // A start after the range, a declined consent, and a payment for no known subscription: none counts.
    await paid({ accountId }, [[1, jst(dayAfter, '00:00:00')]])
    const declined = await createSubscription(db, { accountId, status: 'DECLINED' })
    await createPaymentEvent(db, {
      subscriptionId: declined.id,
      type: 'DECLINED',
      sequence: 1,
      occurredAt: midnight,
    })
    await createPaymentEvent(db, {
      subscriptionId: null,
      type: 'PAID',
      sequence: 1,
      occurredAt: midnight,
      outcome: 'UNKNOWN_SUBSCRIPTION',
    })

    expect(await column((day) => day.premiumStarts)).toEqual([
      { CREDIT: 0, AU: 0, DOCOMO: 2, SOFTBANK: 0 },
      { CREDIT: 2, AU: 0, DOCOMO: 0, SOFTBANK: 0 },
      { CREDIT: 0, AU: 2, DOCOMO: 0, SOFTBANK: 0 },
    ])
    expect(await column((day) => day.auTrialStarts)).toEqual([0, 0, 1])
  })

  it('counts a cancellation of a paid subscription on its day, at PuriBox or at the carrier; not a consent withdrawn nor a stale notice', async () => {
    const { db } = ctx()
    const accountId = (await createAccount(db)).id
    const subscription = async (
      overrides: Omit<Parameters<typeof createSubscription>[1], 'accountId'>,
      events: Array<Omit<Parameters<typeof createPaymentEvent>[1], 'subscriptionId'>>,
    ) => {
      const { id } = await createSubscription(db, { accountId, status: 'CANCELLED', ...overrides })
      for (const event of events) await createPaymentEvent(db, { subscriptionId: id, ...event })
    }
    const paidLongAgo = { type: 'PAID', sequence: 1, occurredAt: jst(dayBefore, '10:00:00') } as const
    // A card cancelled at PuriBox yesterday at 23:59:59 JST.
    await subscription({}, [
      paidLongAgo,
      { type: 'CANCELLED', sequence: 2, occurredAt: lastSecondOfYesterday },
    ])
    // au's plans are left at the carrier's page; the carrier tells the gateway, which tells PuriBox.
    await subscription({ kind: 'AU', plan: 'auone' }, [
      paidLongAgo,
      { type: 'CANCELLED', sequence: 2, occurredAt: midnight },
    ])
    await subscription({ kind: 'AU', plan: 'auone', trial: true }, [
      { ...paidLongAgo, amountYen: 0 },
      { type: 'CANCELLED', sequence: 2, occurredAt: jst(today, '07:00:00') },
    ])
    // A card cancelled, resumed and cancelled again: each cancellation on its own day.
    await subscription({}, [
      paidLongAgo,
      { type: 'CANCELLED', sequence: 2, occurredAt: jst(firstDay, '12:00:00') },
      { type: 'RESUMED', sequence: 3, occurredAt: jst(firstDay, '13:00:00') },
      { type: 'CANCELLED', sequence: 4, occurredAt: jst(today, '12:00:00') },
    ])
    // Withdrawn before the first payment: no premium ended.
    await subscription({ status: 'DECLINED' }, [{ type: 'CANCELLED', sequence: 1, occurredAt: midnight }])
    // A cancellation older than what was applied (STALE) changed nothing.
    await subscription({ kind: 'DOCOMO', plan: 'docomo', status: 'ENDED' }, [
      paidLongAgo,
      { type: 'ENDED', sequence: 3, occurredAt: jst(yesterday, '08:00:00') },
      { type: 'CANCELLED', sequence: 2, occurredAt: jst(yesterday, '09:00:00'), outcome: 'STALE' },
    ])
    // Cancelled after the range.
    await subscription({ kind: 'SOFTBANK', plan: 'softbank' }, [
      paidLongAgo,
      { type: 'CANCELLED', sequence: 2, occurredAt: jst(dayAfter, '00:00:00') },
    ])

    expect(await column((day) => day.premiumCancellations)).toEqual([
      { CREDIT: 1, AU: 0, DOCOMO: 0, SOFTBANK: 0 },
      { CREDIT: 1, AU: 0, DOCOMO: 0, SOFTBANK: 0 },
      { CREDIT: 1, AU: 2, DOCOMO: 0, SOFTBANK: 0 },
    ])
    // None of these subscriptions started in the range.
    expect(await column((day) => day.premiumStarts.CREDIT + day.premiumStarts.AU)).toEqual([0, 0, 0])
  })

  it('adds up the ad impressions and clicks of every ad per day', async () => {
    const { db } = ctx()
    await createTopPageSpace(db)
    const [one, two] = [await createAd(db), await createAd(db)]
    const counts = [
      [one.id, 'IMPRESSION', dayBefore, 100],
      [one.id, 'IMPRESSION', yesterday, 40],
      [two.id, 'IMPRESSION', yesterday, 2],
      [one.id, 'CLICK', yesterday, 3],
      [two.id, 'CLICK', today, 1],
      [two.id, 'IMPRESSION', dayAfter, 100],
    ] as const
    for (const [adId, kind, day, count] of counts) await createAdReactionCount(db, { adId, kind, day, count })
    expect(await column((day) => [day.adImpressions, day.adClicks])).toEqual([
      [0, 0],
      [42, 3],
      [0, 1],
    ])
  })
})
