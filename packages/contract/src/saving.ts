import { z } from 'zod'
import { noFreePuriReasons } from './puri-rules'
import { machineSchema } from './seals'
import { wrapped } from './wrapper'

const wireDate = z.string().describe('YYYY-MM-DDTHH:mm:ss, Japan time')

/** The answer of saving a seal: what was saved now and what is left unsaved (decision 0011). */
export const sealRegistrationSchema = z.object({
  sealId: z.string(),
  sealExpireDate: wireDate,
  machine: machineSchema,
  registeredAt: wireDate,
  /** True when this member had already saved this seal: nothing changed (re-save). */
  alreadyRegistered: z.boolean(),
  /** Puris of this seal saved to the member (all of them for premium, the free one for mini). */
  savedCount: z.number().int().min(0),
  /** Puris of this seal the member has not saved; a mini member's stay until the seal expires. */
  unsavedCount: z.number().int().min(0),
  /**
   * Why this seal has no free puri for a mini member (its doodled puris are all proof samples, or it
   * has raw puris only); null when it has one. A mini member then saves nothing (savedCount 0), but
   * the seal is registered: its puris are saved if they become premium before it expires.
   */
  noFreePuriReason: z.enum(noFreePuriReasons).nullable(),
})
export type SealRegistration = z.infer<typeof sealRegistrationSchema>
export const sealRegistrationResponse = wrapped(sealRegistrationSchema)

/** The spec's unsaved sticker item (`registerdAt` spelled as the spec does). Unsaved: imageId null. */
export const unsavedItemSchema = z.object({
  imageId: z.string().nullable(),
  sealId: z.string(),
  puriNumber: z.number().int(),
  registerdAt: wireDate,
  expiringAt: wireDate,
  machineName: z.string(),
  machineId: z.string(),
  rawPuri: z.boolean(),
  /** The owner may look at it (its watermarked preview) until it expires. */
  readable: z.boolean(),
})
export type UnsavedItem = z.infer<typeof unsavedItemSchema>

const flag = z.enum(['0', '1', 'true', 'false'])
const isOn = (value: string | undefined) => value === '1' || value === 'true'

/**
 * `count` per page (spec: 10), `page` from 1; `puri=1` lists the finished (non-raw) puris, `raw=1`
 * the raw ones; with neither, both.
 */
export const unsavedListQuerySchema = z
  .object({
    count: z.coerce.number().int().min(1).max(50).default(10),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    puri: flag.optional(),
    raw: flag.optional(),
  })
  .transform(({ count, page, puri, raw }) => {
    const neither = puri === undefined && raw === undefined
    return { count, page, puri: neither || isOn(puri), raw: neither || isOn(raw) }
  })

export const unsavedPageSchema = z.object({
  totalCount: z.number().int().min(0),
  currentPage: z.number().int().min(1),
  totalPage: z.number().int().min(0),
  items: z.array(unsavedItemSchema),
})
export const unsavedPageResponse = wrapped(unsavedPageSchema)

export const unsavedSummarySchema = z.object({
  hasUnsavedPuri: z.boolean(),
  totalCount: z.number().int().min(0),
  /** The few that expire first. */
  items: z.array(unsavedItemSchema),
  /** Days left for the soonest expiry, ceil((expiry − now) / 1 day); null when nothing is unsaved. */
  soonestExpiryDays: z.number().int().min(0).nullable(),
  /** Month-day (`MM-DD`, Japan time) one day before the soonest expiry; null when nothing is unsaved. */
  saveByDate: z.string().nullable(),
})
export type UnsavedSummary = z.infer<typeof unsavedSummarySchema>
export const unsavedSummaryResponse = wrapped(unsavedSummarySchema)

/** `{sealId}-{puriNumber}` of an unsaved puri (it has no image id yet). */
export const unsavedImageParamsSchema = z.object({ id: z.string().max(64) })
export const unsavedImageQuerySchema = z.object({
  puri: z.string().max(8).optional(),
  raw: z.string().max(8).optional(),
})
