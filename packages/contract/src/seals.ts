import { z } from 'zod'
import { wrapped } from './wrapper'

export const machineSchema = z.object({
  id: z.string(),
  name: z.string(),
  seriesId: z.string(),
  version: z.string(),
})
export type Machine = z.infer<typeof machineSchema>

/** What the current viewer may do with one puri. */
export const puriActionSchema = z.enum(['PREVIEW', 'SAVE'])

export const puriSchema = z.object({
  number: z.number().int(),
  thumbnailUrl: z.string(),
  qvgaUrl: z.string(),
  available: z.array(puriActionSchema).default([]),
  rakugaki: z.object({
    isRawPuri: z.boolean(),
    rawPuriImageNumber: z.number().int().nullable(),
  }),
  isProofSample: z.boolean(),
})
export type Puri = z.infer<typeof puriSchema>

export const sealSetSchema = z.object({
  sealId: z.string(),
  sealExpireDate: z.string().describe('YYYY-MM-DDTHH:mm:ss, Japan time'),
  machine: machineSchema,
  isProof: z.boolean(),
  puris: z.array(puriSchema),
})
export type SealSet = z.infer<typeof sealSetSchema>

/** The id as typed by a person: normalised by the server (full-width, lower-case, hyphens, O/I/L). */
export const sealParamsSchema = z.object({ id: z.string().max(64) })

export const sealResponse = wrapped(sealSetSchema)

export const puriThumbQuerySchema = z.object({
  sealId: z.string().max(64),
  number: z.coerce.number().int().min(1).max(99),
  padding: z.enum(['0', '1', 'true', 'false']).optional(),
})
