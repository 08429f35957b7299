import {
  type DayNumbers,
  japanDaysBetween,
  NUMBERS_MAX_DAYS,
  type Numbers,
  type NumbersQuery,
  type NumbersRangeProblem,
  numbersRangeProblem,
} from '@puribox/contract/admin-numbers'
import { PAYMENT_KINDS, type PaymentKind } from '@puribox/contract/payments'
import { SEAL_LOOKUP_SOURCES } from '@puribox/contract/seal-lookup-source'
import { AppError } from '../../http/errors'
import type { Actor } from '../actor'
import { numbersCsv, numbersCsvFileName } from './numbers.csv'
import { canReadNumbers } from './numbers.policy'
import type { NumbersRepository, NumbersRows } from './numbers.repository'

const RANGE_PROBLEMS: Record<NumbersRangeProblem, string> = {
  NOT_A_DAY: 'from and to are calendar days, YYYY-MM-DD',
  REVERSED: 'from is after to',
  TOO_LONG: `at most ${NUMBERS_MAX_DAYS} days at once`,
}

const zeroPerKind = () =>
  Object.fromEntries(PAYMENT_KINDS.map((kind) => [kind, 0])) as Record<PaymentKind, number>

function zeroDay(day: string): DayNumbers {
  return {
    day,
    sealLookups: Object.fromEntries(
      SEAL_LOOKUP_SOURCES.map((source) => [source, 0]),
    ) as DayNumbers['sealLookups'],
    picturesSaved: 0,
    sealsRegistered: 0,
    newMembers: 0,
    premiumStarts: zeroPerKind(),
    auTrialStarts: 0,
    premiumCancellations: zeroPerKind(),
    adImpressions: 0,
    adClicks: 0,
  }
}

/** Every day of the range, with zeros where the rows have nothing. */
function assemble(query: NumbersQuery, rows: NumbersRows): Numbers {
  const days = new Map(japanDaysBetween(query.from, query.to).map((day) => [day, zeroDay(day)]))
  const on = (day: string): DayNumbers => {
    const found = days.get(day)
    if (!found) throw new Error(`numbers: a row of ${day}, outside ${query.from}…${query.to}`)
    return found
  }
  for (const row of rows.sealLookups) on(row.day).sealLookups[row.source] += row.lookups
  for (const row of rows.picturesSaved) on(row.day).picturesSaved += row.count
  for (const row of rows.sealsRegistered) on(row.day).sealsRegistered += row.count
  for (const row of rows.newMembers) on(row.day).newMembers += row.count
  for (const row of rows.premiumStarts) {
    const day = on(row.day)
    day.premiumStarts[row.kind] += row.count
    if (row.trial && row.kind === 'AU') day.auTrialStarts += row.count
  }
  for (const row of rows.premiumCancellations) on(row.day).premiumCancellations[row.kind] += row.count
  for (const row of rows.adReactions) {
    if (row.kind === 'IMPRESSION') on(row.day).adImpressions += row.count
    else on(row.day).adClicks += row.count
  }
  return { from: query.from, to: query.to, days: [...days.values()] }
}

/** The service's numbers per Japan day, for operators (read-only). */
export function createNumbersService(deps: { repo: NumbersRepository }) {
  const { repo } = deps

  async function daily(actor: Actor, query: NumbersQuery): Promise<Numbers> {
    if (!canReadNumbers(actor)) throw new AppError('FORBIDDEN', 'only operators read the numbers')
    const problem = numbersRangeProblem(query.from, query.to)
    if (problem) throw new AppError('VALIDATION_FAILED', RANGE_PROBLEMS[problem])
    return assemble(query, await repo.between(query.from, query.to))
  }

  return {
    daily,

    /** The same numbers as a CSV file to open in Excel: its name and its bytes. */
    async csv(actor: Actor, query: NumbersQuery): Promise<{ fileName: string; bytes: Buffer }> {
      const numbers = await daily(actor, query)
      return { fileName: numbersCsvFileName(numbers), bytes: numbersCsv(numbers) }
    },
  }
}

export type NumbersService = ReturnType<typeof createNumbersService>
