import { z } from 'zod'

/** Limits a booth play must respect; checked before anything is stored. */
export const BOOTH_LIMITS = {
  maxPuris: 12,
  maxImageBytes: 15 * 1024 * 1024,
  maxImagePixels: 40_000_000,
  maxMetaBytes: 16 * 1024,
} as const

export const boothPuriMetaSchema = z.object({
  number: z.number().int().min(1).max(99),
  isRawPuri: z.boolean().default(false),
  rawPuriImageNumber: z.number().int().min(1).max(99).nullable().default(null),
  isProofSample: z.boolean().default(false),
})

export const boothMetaSchema = z
  .object({
    shotAt: z.iso.datetime({ offset: true }),
    machineId: z.string().max(64).optional(),
    puris: z.array(boothPuriMetaSchema).min(1).max(BOOTH_LIMITS.maxPuris),
  })
  .refine((meta) => new Set(meta.puris.map((p) => p.number)).size === meta.puris.length, {
    message: 'puri numbers must be unique',
    path: ['puris'],
  })
export type BoothMeta = z.infer<typeof boothMetaSchema>

/**
 * POST /booth/v1/seals's multipart body, for the OpenAPI document (the route reads the parts itself):
 * the `meta` field, and one file `puri-<number>` for each puri of `meta`.
 */
export const boothPlayPartsSchema = z
  .object({ meta: boothMetaSchema.describe('The play, as a JSON text field') })
  .catchall(
    z
      .file()
      .max(BOOTH_LIMITS.maxImageBytes)
      .describe('`puri-<number>`: the picture of that puri, JPEG or PNG (checked by content)'),
  )

export const boothPlayResultSchema = z.object({
  sealId: z.string(),
  sealExpireDate: z.string(),
  /**
   * The play's own get address, `<PUBLIC_URL>/sp/puri/get?sealId=…&from=qr` (decision 0043): the
   * booth prints it as a QR code beside the seal ID, and a phone that scans it lands on the get page
   * with the ID filled in.
   */
  puriGetUrl: z
    .string()
    .describe(
      'The address the booth prints as a QR code on the sticker sheet: the puri-get page with this seal ID, `from=qr`.',
    ),
})
export type BoothPlayResult = z.infer<typeof boothPlayResultSchema>
