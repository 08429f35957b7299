import { z } from 'zod'
import { wrapped } from './wrapper'

/**
 * Advertisements (decision 0041). The web reads the top page's space id
 * from the static data file, then asks for the ads of that space with a viewer token (the
 * `Authorization: Bearer` of the ad routes), and reports what was seen and tapped.
 */

/** The readable cookie holding the caller's ad token (the session cookie itself is HttpOnly). */
export const AD_TOKEN_COOKIE = 'pbx_ads'

/** What a viewer did with an ad: saw it (counted once a day), or tapped its link (once a day too). */
export const AD_REACTION_KINDS = ['IMPRESSION', 'CLICK'] as const
export type AdReactionKind = (typeof AD_REACTION_KINDS)[number]

/** Where an ad's link goes: a page of PuriBox, or another site (opened as sponsored). */
export const AD_LINK_TYPES = ['INTERNAL', 'EXTERNAL'] as const
/** What an ad shows besides its text: a picture, or nothing. */
export const AD_MEDIA_TYPES = ['IMAGE', 'TEXT'] as const

/** Who an ad is for by age: everyone, people of 25 or over, or under 25 (a guest counts as under 25). */
export const AD_AGE_TARGETS = ['ALL', 'OVER_25', 'UNDER_25'] as const
export type AdAgeTarget = (typeof AD_AGE_TARGETS)[number]

export const AD_LIMITS = {
  /** The most ads one space answers at once. */
  perSpace: 10,
  spaceIdMax: 64,
  tokenMax: 200,
} as const

/** A space id as operators name them: letters, digits, `-` and `_`. */
export const adSpaceIdSchema = z
  .string()
  .min(1)
  .max(AD_LIMITS.spaceIdMax)
  .regex(/^[A-Za-z0-9_-]+$/)

/** One ad, with the spec's fields. */
export const adItemSchema = z.object({
  id: z.number().int().describe('The ad; reactions name it'),
  conversionId: z.string().describe("The advertiser's conversion id for this ad"),
  name: z.string().describe('The campaign name (what the advertiser calls it)'),
  linkUrl: z.string().describe('Where a tap goes: a path of this site (INTERNAL) or an https URL (EXTERNAL)'),
  linkType: z.enum(AD_LINK_TYPES),
  title: z.string(),
  text: z.string(),
  mediaUrl: z
    .string()
    .nullable()
    .describe('The picture (a path of this site or a data: image); null for TEXT'),
  mediaType: z.enum(AD_MEDIA_TYPES),
})
export type AdItem = z.infer<typeof adItemSchema>

/** `GET /sp/advertisements/self?spaceId=`. An unknown space has no ads (an empty list). */
export const adListQuerySchema = z.object({ spaceId: adSpaceIdSchema })
export const adListSchema = z.object({ advertisements: z.array(adItemSchema) })
export type AdList = z.infer<typeof adListSchema>
export const adListResponse = wrapped(adListSchema)

/** `GET /sp/advertisements/token`: the caller's ad token (also set in the readable cookie). */
export const adTokenSchema = z.object({
  token: z.string().describe('Send as `Authorization: Bearer <token>` to the other ad routes'),
})
export const adTokenResponse = wrapped(adTokenSchema)

/** `POST /sp/advertisements/:id/reactions`. Ids are positive integers; anything else is not found. */
export const adReactionParamsSchema = z.object({ id: z.string().max(20) })
export const adReactionBodySchema = z.object({ kind: z.enum(AD_REACTION_KINDS) })
export type AdReactionBody = z.infer<typeof adReactionBodySchema>
export const adReactionSchema = z.object({
  counted: z
    .boolean()
    .describe('True when this reaction was counted; false when this viewer was counted for it today already'),
})
export const adReactionResponse = wrapped(adReactionSchema)

/**
 * `GET /static/data.json?t=`: the site's small static settings, fetched with a timestamp query that
 * busts caches (docs/guide/ground-rules.md). Only the ad spaces for now.
 */
export const staticDataQuerySchema = z.object({
  t: z
    .string()
    .regex(/^[0-9]{1,20}$/)
    .optional()
    .describe('A timestamp the client rounds (to the ten minutes, say): a new one bypasses caches'),
})
export const staticDataSchema = z.object({
  advertisement: z.object({
    topPage: z.string().nullable().describe('The space id of the top page; null when it has none'),
  }),
})
export type StaticData = z.infer<typeof staticDataSchema>
export const staticDataResponse = wrapped(staticDataSchema)

/**
 * A picture an operator uploaded for ads (decision 0077): decoded whole, then kept as a JPEG of
 * AD_PICTURE_SIZE under a name made for it, which is never used again for another picture; so any
 * cache may keep it for good. An ad's `mediaUrl` is its path.
 */
export const AD_PICTURE_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/

/** Every ad picture is this size (the ad card's shape, 2:1): an upload is cut to it around its centre. */
export const AD_PICTURE_SIZE = { width: 960, height: 480 } as const

const AD_PICTURES = '/sp/advertisements/pictures'

/** The path members' pages load an uploaded ad picture from. */
export function adPicturePath(file: string): string {
  return `${AD_PICTURES}/${file}`
}

/** The file name of an uploaded ad picture's path, or null when the path is not one. */
export function adPictureFileOf(path: string): string | null {
  if (!path.startsWith(`${AD_PICTURES}/`)) return null
  const file = path.slice(AD_PICTURES.length + 1)
  return AD_PICTURE_FILE.test(file) ? file : null
}

/** `GET /sp/advertisements/pictures/:file`. A name that is no uploaded picture is not found. */
export const adPictureParamsSchema = z.object({ file: z.string().max(64) })
