import { z } from 'zod'
import { wrapped } from './wrapper'

export const timeTravelSchema = z.object({
  enabled: z.boolean(),
  date: z.string().nullable().describe('YYYY-MM-DDTHH:mm:ss, Japan time; null when off'),
})

export const timeTravelBodySchema = z.object({
  date: z.string().max(19).describe('YYYY-MM-DDTHH:mm:ss, Japan time'),
})

export const timeTravelResponse = wrapped(timeTravelSchema)
