import { z } from 'zod'
import { apiErrorSchema } from './errors'

/** Present only while time travel is on: "now" for this answer, in Japan time. */
export const clockSchema = z
  .object({ date: z.string().describe('YYYY-MM-DDTHH:mm:ss, Japan time') })
  .nullable()

export type Clock = z.infer<typeof clockSchema>

/** The wrapper every JSON answer of the API has: `{ entity, error, clock }`. */
export function wrapped<T extends z.ZodType>(entity: T) {
  return z.object({
    entity: entity.nullable(),
    error: apiErrorSchema.nullable(),
    clock: clockSchema,
  })
}

export const errorWrapperSchema = wrapped(z.null())

export type Wrapped<T> = { entity: T | null; error: z.infer<typeof apiErrorSchema> | null; clock: Clock }
