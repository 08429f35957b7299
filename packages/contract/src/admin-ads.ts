import { z } from 'zod'
import {
  AUDITED,
  instantInputSchema,
  instantSchema,
  oneLine,
  pageSizeSchema,
  reasonSchema,
} from './admin-content'
import { NUMBERS_MAX_DAYS, numbersRangeProblem } from './admin-numbers'
import {
  AD_AGE_TARGETS,
  AD_LINK_TYPES,
  AD_MEDIA_TYPES,
  AD_PICTURE_SIZE,
  AD_REACTION_KINDS,
  adSpaceIdSchema,
} from './ads'
import { EDITORS, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * Ads in the operators' console (decision 0077), space by space. An ad is written as a draft with
 * every field members get (ads.ts's ad item) and who it is for, then published now or scheduled for
 * a time to come, and may be withdrawn. Its state follows from its times:
 * - `draft`: no start yet; members never see it;
 * - `scheduled`: its start is to come; members see it from then on, with no job;
 * - `published`: within its window: members it is meant for see it now;
 * - `ended`: its end has passed (a later end makes it `published` again);
 * - `withdrawn`: an operator stopped it for good: shown to no one, nothing taken any more; its
 *   reactions stay, as counted.
 * Reactions are read per Japan calendar day: how many viewers saw the ad (IMPRESSION) and tapped it
 * (CLICK), each viewer once a day, as members' pages reported them.
 */

export const AD_STATES = ['draft', 'scheduled', 'published', 'ended', 'withdrawn'] as const
export type AdState = (typeof AD_STATES)[number]

/** The spots of the web app a space may fill (the static data names the space of each). */
export const AD_PLACEMENTS = ['topPage'] as const
export type AdPlacement = (typeof AD_PLACEMENTS)[number]

export const AD_ADMIN_LIMITS = {
  conversionIdMax: 100,
  nameMax: 100,
  titleMax: 60,
  textMax: 200,
  linkUrlMax: 2048,
  priorityMax: 100,
  spaceNameMax: 100,
  /** An uploaded picture: at most this many bytes… */
  pictureMaxBytes: 10 * 1024 * 1024,
  /** …and pixels, read from its header before a pixel is decoded. */
  pictureMaxPixels: 50_000_000,
  /** The days read when the address names none: the last 30, today included. */
  reactionDaysDefault: 30,
  /** The longest range of days read at once. */
  reactionDaysMax: NUMBERS_MAX_DAYS,
} as const

/** The multipart field an upload's picture goes in. */
export const AD_PICTURE_FIELD = 'picture'

/** The advertiser's id: printable ASCII without spaces (what their conversion tag carries). */
const conversionIdSchema = oneLine(AD_ADMIN_LIMITS.conversionIdMax)
  .regex(/^[\x21-\x7e]+$/, 'letters, digits and symbols of ASCII, no spaces')
  .describe("The advertiser's id for this ad's conversions: one ad each.")

const adFields = {
  conversionId: conversionIdSchema,
  name: oneLine(AD_ADMIN_LIMITS.nameMax).describe('The campaign, as the advertiser calls it.'),
  title: oneLine(AD_ADMIN_LIMITS.titleMax),
  text: oneLine(AD_ADMIN_LIMITS.textMax).describe('One line under the title.'),
  linkType: z.enum(AD_LINK_TYPES),
  linkUrl: oneLine(AD_ADMIN_LIMITS.linkUrlMax).describe(
    'INTERNAL: a path of this site (`/web/payment`); EXTERNAL: an `https:` address.',
  ),
  mediaType: z.enum(AD_MEDIA_TYPES),
  mediaUrl: z
    .string()
    .max(200)
    .nullable()
    .describe(
      "IMAGE: the `mediaUrl` an upload answered (POST /admin/api/ads/pictures), or the ad's own picture as it is; TEXT: null.",
    ),
  forGuests: z.boolean().describe('Shown to people who are not signed in.'),
  forMini: z.boolean().describe('Shown to free members.'),
  forPremium: z.boolean().describe('Shown to premium members (junior-high free premium included).'),
  ageTarget: z.enum(AD_AGE_TARGETS).describe('ALL, OVER_25 or UNDER_25 on the day it is shown.'),
  priority: z
    .number()
    .int()
    .min(0)
    .max(AD_ADMIN_LIMITS.priorityMax)
    .describe('Higher comes first in its space.'),
  endsAt: instantInputSchema.nullable().describe('When members stop seeing it; null: no end.'),
}

export const adDraftCreateSchema = z.object({
  ...adFields,
  priority: adFields.priority.optional().describe('0 when absent.'),
  ageTarget: adFields.ageTarget.optional().describe('ALL when absent.'),
  endsAt: adFields.endsAt.optional(),
  reason: reasonSchema,
})
export type AdDraftCreate = z.infer<typeof adDraftCreateSchema>

export const adChangeSchema = z.object({ ...adFields, reason: reasonSchema }).partial()
export type AdChange = z.infer<typeof adChangeSchema>

export const adScheduleSchema = z.object({
  startsAt: instantInputSchema.describe('When members start to see it: a time to come.'),
  reason: reasonSchema,
})
export type AdSchedule = z.infer<typeof adScheduleSchema>

export const adStepSchema = z.object({ reason: reasonSchema })
export type AdStep = z.infer<typeof adStepSchema>

export const adSpaceCreateSchema = z.object({
  id: adSpaceIdSchema.describe('Letters, digits, `-` and `_`: what the static data and the ad list name.'),
  name: oneLine(AD_ADMIN_LIMITS.spaceNameMax),
  reason: reasonSchema,
})
export type AdSpaceCreate = z.infer<typeof adSpaceCreateSchema>

export const adSpaceChangeSchema = z
  .object({
    name: oneLine(AD_ADMIN_LIMITS.spaceNameMax),
    placement: z
      .enum(AD_PLACEMENTS)
      .nullable()
      .describe('The spot of the web app the space fills (taken from the space that filled it); null: none.'),
    reason: reasonSchema,
  })
  .partial()
export type AdSpaceChange = z.infer<typeof adSpaceChangeSchema>

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('A Japan calendar day, YYYY-MM-DD.')

export const adReadQuerySchema = z
  .object({
    from: day.optional().describe('The first day of reactions, included.'),
    to: day.optional().describe('The last day, included.'),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: 'both from and to, or neither (the last 30 days)',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || numbersRangeProblem(query.from, query.to) === null, {
    message: `real days, from not after to, at most ${NUMBERS_MAX_DAYS} of them`,
    path: ['to'],
  })
export type AdReadQuery = z.infer<typeof adReadQuerySchema>

export const adListQuerySchema = z.object({
  state: z.enum(AD_STATES).optional().describe('Only the ads in this state now.'),
  after: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .optional()
    .describe('`next` of the previous page: the page after it. Absent: the first page.'),
  limit: pageSizeSchema,
})
export type AdminAdListQuery = z.infer<typeof adListQuerySchema>

export const adSpaceParamsSchema = z.object({ spaceId: adSpaceIdSchema })
export const adParamsSchema = z.object({
  adId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .describe('The ad (a positive integer).'),
})

const countSchema = z.number().int().min(0)

export const adReactionTotalsSchema = z.object(
  Object.fromEntries(AD_REACTION_KINDS.map((kind) => [kind, countSchema])) as Record<
    (typeof AD_REACTION_KINDS)[number],
    typeof countSchema
  >,
)
export type AdReactionTotals = z.infer<typeof adReactionTotalsSchema>

export const adminAdSchema = z.object({
  id: z.number().int(),
  spaceId: z.string(),
  state: z.enum(AD_STATES),
  conversionId: z.string(),
  name: z.string(),
  title: z.string(),
  text: z.string(),
  linkType: z.enum(AD_LINK_TYPES),
  linkUrl: z.string(),
  mediaType: z.enum(AD_MEDIA_TYPES),
  mediaUrl: z.string().nullable(),
  forGuests: z.boolean(),
  forMini: z.boolean(),
  forPremium: z.boolean(),
  ageTarget: z.enum(AD_AGE_TARGETS),
  priority: z.number().int(),
  startsAt: instantSchema.nullable().describe('Null while it is a draft.'),
  endsAt: instantSchema.nullable(),
  withdrawnAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  totals: adReactionTotalsSchema.describe('Every reaction counted for it, all days together.'),
})
export type AdminAd = z.infer<typeof adminAdSchema>

export const adReactionDaySchema = z.object({
  day,
  IMPRESSION: countSchema.describe('Viewers who saw it that day (each once).'),
  CLICK: countSchema.describe('Viewers who tapped it that day (each once).'),
})
export type AdReactionDay = z.infer<typeof adReactionDaySchema>

export const adminAdReadSchema = z.object({
  ad: adminAdSchema,
  reactions: z.object({
    from: day,
    to: day,
    days: z.array(adReactionDaySchema).describe('Every day of the range in order, a day with none as zeros.'),
    totals: adReactionTotalsSchema.describe('The days of the range together.'),
  }),
})
export type AdminAdRead = z.infer<typeof adminAdReadSchema>

export const adminAdSpaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  placement: z.enum(AD_PLACEMENTS).nullable(),
  counts: z
    .object(
      Object.fromEntries(AD_STATES.map((state) => [state, countSchema])) as Record<
        AdState,
        typeof countSchema
      >,
    )
    .describe('Its ads in each state now.'),
  createdAt: instantSchema,
})
export type AdminAdSpace = z.infer<typeof adminAdSpaceSchema>

export const adminAdSpacesSchema = z.object({ spaces: z.array(adminAdSpaceSchema) })
export type AdminAdSpaces = z.infer<typeof adminAdSpacesSchema>

export const adminAdPageSchema = z.object({
  space: adminAdSpaceSchema,
  items: z.array(adminAdSchema).describe('The newest written first.'),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type AdminAdPage = z.infer<typeof adminAdPageSchema>

export const adPictureUploadedSchema = z.object({
  mediaUrl: z.string().describe("The picture's path: an ad's `mediaUrl` once a draft or a change names it."),
  width: z.number().int(),
  height: z.number().int(),
})
export type AdPictureUploaded = z.infer<typeof adPictureUploadedSchema>

/** For the route table: what a picture upload's form holds. */
export const adPicturePartsSchema = z.object({
  [AD_PICTURE_FIELD]: z.string().describe('The picture file: JPEG or PNG.'),
})

const ADS = '/admin/api/ads'
const SHOWN_SOON =
  "Members' pages show the change at once on this server process, within ten seconds on the others."

/**
 * The console's routes for ads. Every operator reads; editors and admins write, publish, schedule
 * and withdraw ads, upload their pictures and set up spaces (`ads.policy.ts` decides the same again
 * in the service).
 */
export const adminAdsApi = {
  adminAdSpaces: route({
    method: 'GET',
    path: `${ADS}/spaces`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'Every ad space, with the spot of the web app it fills and how many ads it has in each state.',
    response: wrapped(adminAdSpacesSchema),
  }),
  adminAdSpaceCreate: route({
    method: 'POST',
    path: `${ADS}/spaces`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Adds a space, which fills no spot of the web app until it is given one.',
    description: `AD_SPACE_EXISTS for an id taken. ${AUDITED}`,
    errors: ['AD_SPACE_EXISTS'],
    body: adSpaceCreateSchema,
    response: wrapped(adminAdSpaceSchema),
  }),
  adminAdSpaceChange: route({
    method: 'PUT',
    path: `${ADS}/spaces/:spaceId`,
    roles: EDITORS,
    tag: 'admin',
    summary:
      "Changes a space's name, or the spot of the web app it fills (taken from the space that filled it).",
    description: `The static data names the new space within five minutes (browsers and caches keep it that long). ${AUDITED}`,
    errors: ['AD_SPACE_NOT_FOUND'],
    params: adSpaceParamsSchema,
    body: adSpaceChangeSchema,
    response: wrapped(adminAdSpaceSchema),
  }),
  adminAdList: route({
    method: 'GET',
    path: `${ADS}/spaces/:spaceId/ads`,
    roles: OPERATORS,
    tag: 'admin',
    summary:
      "A page of a space's ads, the newest written first, of one state or all, each with its reactions counted so far.",
    errors: ['AD_SPACE_NOT_FOUND'],
    params: adSpaceParamsSchema,
    query: adListQuerySchema,
    response: wrapped(adminAdPageSchema),
  }),
  adminAdCreate: route({
    method: 'POST',
    path: `${ADS}/spaces/:spaceId/ads`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Writes an ad in a space as a draft, which members do not see.',
    description: `An INTERNAL link is a path of this site and an EXTERNAL one an https address, an IMAGE ad has an uploaded picture and a TEXT ad none, and it is for some membership (VALIDATION_FAILED otherwise; IMAGE_MISSING for a picture not uploaded). ${AUDITED}`,
    errors: ['AD_SPACE_NOT_FOUND', 'AD_CONVERSION_ID_TAKEN', 'IMAGE_MISSING'],
    params: adSpaceParamsSchema,
    body: adDraftCreateSchema,
    response: wrapped(adminAdSchema),
  }),
  adminAdPictureUpload: route({
    method: 'POST',
    path: `${ADS}/pictures`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Uploads a picture for an ad, which a draft or a change then names by its `mediaUrl`.',
    description: `Multipart field \`${AD_PICTURE_FIELD}\`: JPEG or PNG (read by content) up to ${AD_ADMIN_LIMITS.pictureMaxBytes / 1024 / 1024} MB and ${AD_ADMIN_LIMITS.pictureMaxPixels / 1_000_000} million pixels, decoded to its last pixel, then kept as a ${AD_PICTURE_SIZE.width}×${AD_PICTURE_SIZE.height} JPEG cut around its centre, without metadata. No ad changes until one names it.`,
    errors: ['IMAGE_MISSING', 'IMAGE_INVALID', 'IMAGE_FORMAT_UNSUPPORTED'],
    multipart: adPicturePartsSchema,
    response: wrapped(adPictureUploadedSchema),
  }),
  adminAd: route({
    method: 'GET',
    path: `${ADS}/:adId`,
    roles: OPERATORS,
    tag: 'admin',
    summary:
      'One ad, in whatever state, with its reactions per Japan day over a range (the last 30 days when none is given).',
    errors: ['AD_NOT_FOUND'],
    params: adParamsSchema,
    query: adReadQuerySchema,
    response: wrapped(adminAdReadSchema),
  }),
  adminAdChange: route({
    method: 'PUT',
    path: `${ADS}/:adId`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Changes the fields of an ad the body names, in any state but withdrawn; the others stay.',
    description: `Checked whole as a new draft is. A later end makes an ended ad published again. ${SHOWN_SOON} ${AUDITED}`,
    errors: [
      'AD_NOT_FOUND',
      'AD_STATE_CONFLICT',
      'AD_CONVERSION_ID_TAKEN',
      'AD_WINDOW_INVALID',
      'IMAGE_MISSING',
    ],
    params: adParamsSchema,
    body: adChangeSchema,
    response: wrapped(adminAdSchema),
  }),
  adminAdSchedule: route({
    method: 'POST',
    path: `${ADS}/:adId/schedule`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Schedules a draft or scheduled ad to start at a time to come.',
    description: `SCHEDULE_IN_PAST for a time that has passed; AD_WINDOW_INVALID when its end is not after it; AD_STATE_CONFLICT for an ad members see, saw, or that was withdrawn. ${AUDITED}`,
    errors: ['AD_NOT_FOUND', 'AD_STATE_CONFLICT', 'SCHEDULE_IN_PAST', 'AD_WINDOW_INVALID'],
    params: adParamsSchema,
    body: adScheduleSchema,
    response: wrapped(adminAdSchema),
  }),
  adminAdPublish: route({
    method: 'POST',
    path: `${ADS}/:adId/publish`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Publishes a draft or scheduled ad now.',
    description: `AD_WINDOW_INVALID when its end has passed; AD_STATE_CONFLICT for an ad members see, saw, or that was withdrawn. ${SHOWN_SOON} ${AUDITED}`,
    errors: ['AD_NOT_FOUND', 'AD_STATE_CONFLICT', 'AD_WINDOW_INVALID'],
    params: adParamsSchema,
    body: adStepSchema,
    response: wrapped(adminAdSchema),
  }),
  adminAdWithdraw: route({
    method: 'POST',
    path: `${ADS}/:adId/withdraw`,
    roles: EDITORS,
    tag: 'admin',
    summary:
      'Withdraws a scheduled, published or ended ad for good: no one is shown it or counted for it again.',
    description: `Its reactions so far stay. AD_STATE_CONFLICT for a draft or an ad withdrawn already. ${SHOWN_SOON} ${AUDITED}`,
    errors: ['AD_NOT_FOUND', 'AD_STATE_CONFLICT'],
    params: adParamsSchema,
    body: adStepSchema,
    response: wrapped(adminAdSchema),
  }),
}
