import {
  adminNumbersApi,
  japanDayStart,
  NUMBERS_MAX_DAYS,
  numbersRangeProblem,
} from '@puribox/contract/admin-numbers'
import { addDays, japanDay } from '@puribox/contract/time'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { consoleApiUrl } from '../api'
import { t } from '../i18n'
import { NUMBERS_PATH, withQuery } from '../paths'

/** How many days the numbers show when the address names none: the last 30, today included. */
export const DEFAULT_DAYS = 30

/** Japan days, `YYYY-MM-DD`, both included. */
export interface NumbersRange {
  from: string
  to: string
}

type RangeField = keyof NumbersRange

/** `day` moved by `days` Japan days (`day` is a real one). */
export function shiftDay(day: string, days: number): string {
  const start = japanDayStart(day)
  if (!start) throw new Error(`not a day: ${day}`)
  return japanDay(addDays(start, days))
}

/** The `days` days that end with `today`. */
export function lastDays(today: string, days: number): NumbersRange {
  return { from: shiftDay(today, 1 - days), to: today }
}

/** The numbers' address for a range; without one, the default (the last DEFAULT_DAYS days). */
export function numbersPath(range?: NumbersRange): string {
  return withQuery(NUMBERS_PATH, { from: range?.from, to: range?.to })
}

/** The CSV file of the same range, to download. */
export function numbersCsvUrl(range: NumbersRange): string {
  return consoleApiUrl(adminNumbersApi.numbersCsv, range)
}

/** The range an address asks for: its `from` and `to`, or the default when it names neither. */
export function askedRange(
  search: string,
  today: string,
): { range: NumbersRange; errors: FieldErrors<RangeField>; given: Partial<NumbersRange> } {
  const params = new URLSearchParams(search)
  const from = params.get('from')?.trim() || undefined
  const to = params.get('to')?.trim() || undefined
  if (from === undefined && to === undefined) {
    return { range: lastDays(today, DEFAULT_DAYS), errors: {}, given: {} }
  }
  const given = { from, to }
  return { range: { from: from ?? '', to: to ?? '' }, errors: rangeErrors(given), given }
}

/** What is wrong with a range, by field, in Japanese: the server's rules, checked before asking. */
export function rangeErrors({ from, to }: Partial<NumbersRange>): FieldErrors<RangeField> {
  const errors: FieldErrors<RangeField> = {}
  if (from === undefined) errors.from = t('admin.numbers.errors.emptyFrom')
  else if (!japanDayStart(from)) errors.from = t('admin.numbers.errors.from')
  if (to === undefined) errors.to = t('admin.numbers.errors.emptyTo')
  else if (!japanDayStart(to)) errors.to = t('admin.numbers.errors.to')
  if (from === undefined || to === undefined || errors.from || errors.to) return errors
  const problem = numbersRangeProblem(from, to)
  if (problem === 'REVERSED') errors.to = t('admin.numbers.errors.reversed')
  if (problem === 'TOO_LONG') errors.to = t('admin.numbers.errors.tooLong', { max: NUMBERS_MAX_DAYS })
  return errors
}

/** The parts of a Japan day for the locale's date texts. */
export function dayParts(day: string) {
  const [year = '', month = '', date = ''] = day.split('-')
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return {
    year,
    month: String(Number(month)),
    day: String(Number(date)),
    weekday: t(`admin.numbers.weekdays.${weekday as 0 | 1 | 2 | 3 | 4 | 5 | 6}`),
  }
}
