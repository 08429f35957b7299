import { z } from 'zod'
import { wrapped } from './wrapper'

export const timeTravelSchema = z.object({
  enabled: z.boolean(),
  date: z.string().nullable().describe('YYYY-MM-DDTHH:mm:ss, Japan time; null when off'),
})

/**
 * How far "now" may travel (Japan time): far enough for any test of expiry or age, and only dates
 * the database and its driver keep exactly (year 0 is refused, years before 100 read back wrong).
 */
export const TIME_TRAVEL_RANGE = { earliest: '2000-01-01T00:00:00', latest: '2099-12-31T23:59:59' } as const

export const timeTravelBodySchema = z.object({
  date: z.string().max(19).describe('YYYY-MM-DDTHH:mm:ss, Japan time'),
})

export const timeTravelResponse = wrapped(timeTravelSchema)
