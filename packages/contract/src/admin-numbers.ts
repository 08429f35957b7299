import { z } from 'zod'
import { PAYMENT_KINDS } from './payments'
import { OPERATORS, route } from './routes'
import { SEAL_LOOKUP_SOURCES } from './seal-lookup-source'
import { addDays, japanDay, parseJst } from './time'
import { wrapped } from './wrapper'

/**
 * The service's numbers for the operators' console: per Japan calendar day, how many seal lookups,
 * saves, new members, premium starts and cancellations and ad reactions there were. They name no
 * one, so every operator role reads them.
 */

/** The longest range asked for at once: a year, leap day included. */
export const NUMBERS_MAX_DAYS = 366

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/

/** The instant a Japan calendar day (`YYYY-MM-DD`) begins; null for anything else, impossible dates included. */
export function japanDayStart(day: string): Date | null {
  return DAY_FORMAT.test(day) ? parseJst(`${day}T00:00:00`) : null
}

/** Why a range of days cannot be answered, or null when it can. */
export type NumbersRangeProblem = 'NOT_A_DAY' | 'REVERSED' | 'TOO_LONG'

/** Checks `from`…`to` (both included): real days, in order, at most NUMBERS_MAX_DAYS of them. */
export function numbersRangeProblem(from: string, to: string): NumbersRangeProblem | null {
  const start = japanDayStart(from)
  const end = japanDayStart(to)
  if (!start || !end) return 'NOT_A_DAY'
  if (end < start) return 'REVERSED'
  return japanDaysBetween(from, to).length > NUMBERS_MAX_DAYS ? 'TOO_LONG' : null
}

/** Every Japan day from `from` to `to`, both included, in order (empty when the range is not one). */
export function japanDaysBetween(from: string, to: string): string[] {
  const start = japanDayStart(from)
  const end = japanDayStart(to)
  const days: string[] = []
  if (!start || !end) return days
  // A day past the longest range is enough to tell a range too long.
  for (let at = start; at <= end && days.length <= NUMBERS_MAX_DAYS; at = addDays(at, 1)) {
    days.push(japanDay(at))
  }
  return days
}

const daySchema = z.string().regex(DAY_FORMAT).describe('A Japan calendar day, YYYY-MM-DD')

/**
 * `GET /admin/api/numbers` and `/admin/api/numbers.csv`: the days `from` to `to`, both included,
 * at most NUMBERS_MAX_DAYS, `from` not after `to` (else VALIDATION_FAILED).
 */
export const numbersQuerySchema = z.object({ from: daySchema, to: daySchema })
export type NumbersQuery = z.infer<typeof numbersQuerySchema>

const countSchema = z.number().int().min(0)

function countsOf<const K extends string>(keys: readonly K[]) {
  return z.object(Object.fromEntries(keys.map((key) => [key, countSchema])) as Record<K, typeof countSchema>)
}

/** One Japan day's numbers; a day with nothing has zeros, so a chart has no gaps. */
export const dayNumbersSchema = z.object({
  day: daySchema,
  /** Lookups that found a live seal, by where the person came from (decision 0043). */
  sealLookups: countsOf(SEAL_LOOKUP_SOURCES),
  /** Pictures saved that day and still saved (a member leaving takes theirs away). */
  picturesSaved: countSchema,
  /** Seals saved to an account that day and still saved. */
  sealsRegistered: countSchema,
  /** Accounts made that day and not deleted since. */
  newMembers: countSchema,
  /** Subscriptions whose first payment was that day, by how they pay (au's free trial included). */
  premiumStarts: countsOf(PAYMENT_KINDS),
  /** Of the au starts, those of the free trial. */
  auTrialStarts: countSchema,
  /** Paid subscriptions cancelled that day, by how they paid (at PuriBox or at the carrier). */
  premiumCancellations: countsOf(PAYMENT_KINDS),
  /** Viewers who saw an ad (each viewer once a day per ad), every ad together. */
  adImpressions: countSchema,
  /** Viewers who tapped an ad (each viewer once a day per ad), every ad together. */
  adClicks: countSchema,
})
export type DayNumbers = z.infer<typeof dayNumbersSchema>

export const numbersSchema = z.object({
  from: daySchema,
  to: daySchema,
  /** Every day of the range, oldest first. */
  days: z.array(dayNumbersSchema),
})
export type Numbers = z.infer<typeof numbersSchema>
export const numbersResponse = wrapped(numbersSchema)

/** The CSV download: UTF-8 with a byte order mark (what Excel needs to read Japanese), CRLF lines. */
export const NUMBERS_CSV_TYPE = 'text/csv; charset=utf-8'

const RANGE_RULES = `\`from\` and \`to\` are Japan calendar days (YYYY-MM-DD), both included, \`from\` not after \`to\`, at most ${NUMBERS_MAX_DAYS} days; anything else is VALIDATION_FAILED.`

/** The console's numbers: every operator reads them, whatever their role. */
export const adminNumbersApi = {
  numbers: route({
    method: 'GET',
    path: '/admin/api/numbers',
    roles: OPERATORS,
    tag: 'admin',
    summary: "The service's numbers per Japan day over a range of days.",
    description: `Every day of the range is there, oldest first, with zeros on a day with nothing. ${RANGE_RULES}`,
    query: numbersQuerySchema,
    response: numbersResponse,
  }),
  numbersCsv: route({
    method: 'GET',
    path: '/admin/api/numbers.csv',
    roles: OPERATORS,
    tag: 'admin',
    summary: 'The same numbers as a CSV file to open in Excel.',
    description: `A download (Content-Disposition: attachment): UTF-8 with a byte order mark, CRLF lines, a header row in Japanese, then a row per day. ${RANGE_RULES}`,
    query: numbersQuerySchema,
    file: ['text/csv'],
  }),
}
