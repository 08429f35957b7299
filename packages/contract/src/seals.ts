import { z } from 'zod'
import { SEAL_ID_INPUT_PATTERN } from './seal-id'
import { sealLookupSourceOf } from './seal-lookup-source'
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
export const sealParamsSchema = z.object({
  id: z
    .string()
    .max(64)
    .meta({ pattern: SEAL_ID_INPUT_PATTERN })
    .describe(
      'As printed (`ABCDE-12345`); lower case, full-width characters and hyphens or spaces between the halves are read alike. Anything else is SEAL_ID_MALFORMED.',
    ),
})

export const sealResponse = wrapped(sealSetSchema)

/**
 * `?from=` of a seal lookup and of saving (decision 0043): where the person came from, counted per
 * day for the statistics. It never fails a request: any text, however odd, is `other` unless it is
 * a known source, and so is a `from` given more than once; without it the lookup is not counted.
 */
export const sealLookupQuerySchema = z.object({
  from: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((from) => sealLookupSourceOf(Array.isArray(from) ? 'other' : from))
    .describe(
      '`inputSealId` (typed in the form), `qr` (the QR code on the sticker sheet); any other value, or `from` given more than once, counts as `other`. Leave it out for a lookup that is not a person arriving with a seal ID.',
    ),
})

export const puriThumbQuerySchema = z.object({
  sealId: z.string().max(64),
  number: z.coerce.number().int().min(1).max(99),
  padding: z.enum(['0', '1', 'true', 'false']).optional(),
})
