import { NUMBERS_MAX_DAYS } from '@puribox/contract/admin-numbers'
import { addDays, japanDay } from '@puribox/contract/time'
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../http/errors'
import { buildMemberCaller } from '../../test/callers'
import { TEST_NOW } from '../../test/harness'
import { type Actor, OPERATOR_ROLES, type OperatorRole, systemActor } from '../actor'
import type { NumbersRepository, NumbersRows } from './numbers.repository'
import { createNumbersService } from './numbers.service'

const today = japanDay(TEST_NOW)
const yesterday = japanDay(addDays(TEST_NOW, -1))
const firstDay = japanDay(addDays(TEST_NOW, -2))

const operator = (role: OperatorRole): Actor => ({
  kind: 'operator',
  operatorId: `op-${role}`,
  role,
  ip: '192.0.2.1',
})

const NO_ROWS: NumbersRows = {
  sealLookups: [],
  picturesSaved: [],
  sealsRegistered: [],
  newMembers: [],
  premiumStarts: [],
  premiumCancellations: [],
  adReactions: [],
}

function serviceOver(rows: Partial<NumbersRows> = {}) {
  const between = vi.fn(async () => ({ ...NO_ROWS, ...rows }))
  const repo: NumbersRepository = { between }
  return { service: createNumbersService({ repo }), between }
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return error.code
}

describe('who reads the numbers', () => {
  it.each(OPERATOR_ROLES)('an operator with the role %s reads them: they name no one', async (role) => {
    const { service } = serviceOver()
    const numbers = await service.daily(operator(role), { from: today, to: today })
    expect(numbers.days.map((day) => day.day)).toEqual([today])
  })

  it.each([
    ['a member, premium or not', buildMemberCaller({ membership: 'PREMIUM' })],
    ['a job', systemActor('housekeeping')],
  ])('%s is refused (FORBIDDEN) before anything is read, the CSV too', async (_who, actor) => {
    const { service, between } = serviceOver()
    expect(await refusal(service.daily(actor, { from: today, to: today }))).toBe('FORBIDDEN')
    expect(await refusal(service.csv(actor, { from: today, to: today }))).toBe('FORBIDDEN')
    // Refused whatever the range: a stranger learns nothing from the validation either.
    expect(await refusal(service.daily(actor, { from: today, to: yesterday }))).toBe('FORBIDDEN')
    expect(between).not.toHaveBeenCalled()
  })
})

describe('the range of days', () => {
  const viewer = operator('viewer')

  it.each([
    ['not a day', 'yesterday', today],
    ['without leading zeros', '2026-11-1', today],
    ['an impossible date', '2026-02-30', '2026-03-01'],
    ['a thirteenth month', today, '2026-13-01'],
    ['a time, not a day', `${today}T00:00:00`, today],
    ['reversed', today, yesterday],
    [`longer than ${NUMBERS_MAX_DAYS} days`, '2025-11-19', '2026-11-20'],
  ])('%s is VALIDATION_FAILED, and nothing is read', async (_what, from, to) => {
    const { service, between } = serviceOver()
    expect(await refusal(service.daily(viewer, { from, to }))).toBe('VALIDATION_FAILED')
    expect(await refusal(service.csv(viewer, { from, to }))).toBe('VALIDATION_FAILED')
    expect(between).not.toHaveBeenCalled()
  })

  it(`answers ${NUMBERS_MAX_DAYS} days (a leap year's worth), the 29th of February included`, async () => {
    const { service, between } = serviceOver()
    const numbers = await service.daily(viewer, { from: '2027-11-20', to: '2028-11-19' })
    expect(numbers.days).toHaveLength(NUMBERS_MAX_DAYS)
    expect(numbers.days.map((day) => day.day)).toContain('2028-02-29')
    expect(numbers.days.at(0)?.day).toBe('2027-11-20')
    expect(numbers.days.at(-1)?.day).toBe('2028-11-19')
    expect(between).toHaveBeenCalledWith('2027-11-20', '2028-11-19')
  })

  it('answers one day when from and to are the same', async () => {
    const { service } = serviceOver()
    expect((await service.daily(viewer, { from: today, to: today })).days).toHaveLength(1)
  })
})

describe('the days', () => {
  it('are every day of the range, oldest first, with the rows put on their day and zeros elsewhere', async () => {
    const { service } = serviceOver({
      sealLookups: [
        { day: yesterday, source: 'qr', lookups: 7 },
        { day: yesterday, source: 'inputSealId', lookups: 2 },
      ],
      picturesSaved: [{ day: today, count: 5 }],
      sealsRegistered: [{ day: today, count: 2 }],
      newMembers: [{ day: firstDay, count: 3 }],
      premiumStarts: [
        { day: today, kind: 'AU', trial: true, count: 2 },
        { day: today, kind: 'AU', trial: false, count: 1 },
        { day: today, kind: 'CREDIT', trial: false, count: 4 },
      ],
      premiumCancellations: [{ day: yesterday, kind: 'SOFTBANK', count: 1 }],
      adReactions: [
        { day: firstDay, kind: 'IMPRESSION', count: 40 },
        { day: firstDay, kind: 'CLICK', count: 3 },
      ],
    })
    const { from, to, days } = await service.daily(operator('admin'), { from: firstDay, to: today })
    expect({ from, to }).toEqual({ from: firstDay, to: today })
    const zeroKinds = { CREDIT: 0, AU: 0, DOCOMO: 0, SOFTBANK: 0 }
    expect(days).toEqual([
      {
        day: firstDay,
        sealLookups: { inputSealId: 0, qr: 0, other: 0 },
        picturesSaved: 0,
        sealsRegistered: 0,
        newMembers: 3,
        premiumStarts: zeroKinds,
        auTrialStarts: 0,
        premiumCancellations: zeroKinds,
        adImpressions: 40,
        adClicks: 3,
      },
      {
        day: yesterday,
        sealLookups: { inputSealId: 2, qr: 7, other: 0 },
        picturesSaved: 0,
        sealsRegistered: 0,
        newMembers: 0,
        premiumStarts: zeroKinds,
        auTrialStarts: 0,
        premiumCancellations: { ...zeroKinds, SOFTBANK: 1 },
        adImpressions: 0,
        adClicks: 0,
      },
      {
        day: today,
        sealLookups: { inputSealId: 0, qr: 0, other: 0 },
        picturesSaved: 5,
        sealsRegistered: 2,
        newMembers: 0,
        premiumStarts: { ...zeroKinds, AU: 3, CREDIT: 4 },
        auTrialStarts: 2,
        premiumCancellations: zeroKinds,
        adImpressions: 0,
        adClicks: 0,
      },
    ])
  })
})
