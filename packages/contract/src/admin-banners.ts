import { z } from 'zod'
import { AUDITED, instantInputSchema, instantSchema, reasonSchema } from './admin-content'
import { BANNER_SPACES } from './banners'
import { EDITORS, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * Banners in the operators' console, space by space. A space shows members one banner at a time:
 * of its banners within their window and not withdrawn, the first in the space's order. A new banner
 * goes first; the operator reorders the space's banners as a whole. What the console answers as a
 * banner's HTML is what members get: the server's sanitiser (decision 0040) run on what is stored,
 * the same function the members' route runs.
 */

export const BANNER_ADMIN_LIMITS = {
  /** The longest banner HTML taken, before sanitising (a banner is a few lines of markup). */
  htmlMax: 20_000,
  /** The most banners a space's order names, and the most withdrawn ones listed. */
  listMax: 200,
} as const

/**
 * - `scheduled`: its window is to come;
 * - `published`: within its window (shown to members if first in the order: `shown`);
 * - `ended`: its window has passed;
 * - `withdrawn`: an operator took it back; no space shows it again.
 */
export const BANNER_STATES = ['scheduled', 'published', 'ended', 'withdrawn'] as const
export type BannerState = (typeof BANNER_STATES)[number]

// The database can keep neither a NUL nor half of a surrogate pair; everything else is the sanitiser's.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this is the check for NUL.
const UNSTORABLE = /[\u0000\p{Cs}]/u

const htmlSchema = z
  .string()
  .max(BANNER_ADMIN_LIMITS.htmlMax)
  .refine((value) => !UNSTORABLE.test(value), 'no NUL and no half of a surrogate pair')
  .describe(
    'Banner HTML as the operator writes it; the server keeps only what its sanitiser allows (a, img, picture, source, p, br, div, span, strong, em, b, small; links https: or paths of this site; pictures from this site; classes banner-…).',
  )

export const bannerSpaceParamsSchema = z.object({ spaceId: z.enum(BANNER_SPACES) })
export const bannerParamsSchema = z.object({ bannerId: z.uuid() })

export const bannerCreateSchema = z.object({
  html: htmlSchema,
  publishAt: instantInputSchema.optional().describe('When the space may start showing it; now when absent.'),
  publishUntil: instantInputSchema.nullable().optional().describe('When it stops; null or absent: no end.'),
  reason: reasonSchema,
})
export type BannerCreate = z.infer<typeof bannerCreateSchema>

export const bannerChangeSchema = z
  .object({
    html: htmlSchema,
    publishAt: instantInputSchema,
    publishUntil: instantInputSchema.nullable(),
    reason: reasonSchema,
  })
  .partial()
export type BannerChange = z.infer<typeof bannerChangeSchema>

export const bannerOrderSchema = z.object({
  bannerIds: z
    .array(z.uuid())
    .max(BANNER_ADMIN_LIMITS.listMax)
    .describe("Every banner of the space not withdrawn, first shown first (the list's `banners`)."),
  reason: reasonSchema,
})
export type BannerOrder = z.infer<typeof bannerOrderSchema>

export const bannerWithdrawSchema = z.object({ reason: reasonSchema })
export type BannerWithdraw = z.infer<typeof bannerWithdrawSchema>

export const bannerPreviewSchema = z.object({ html: htmlSchema })
export type BannerPreview = z.infer<typeof bannerPreviewSchema>

export const bannerListQuerySchema = z.object({
  list: z
    .enum(['current', 'withdrawn'])
    .default('current')
    .describe(
      '`current`: the banners not withdrawn, in the order; `withdrawn`: the last withdrawn, newest first.',
    ),
})
export type BannerListQuery = z.infer<typeof bannerListQuerySchema>

export const adminBannerSchema = z.object({
  id: z.string(),
  spaceId: z.enum(BANNER_SPACES),
  html: z
    .string()
    .nullable()
    .describe(
      'What members get: the stored HTML through the sanitiser; null when nothing of it may be shown.',
    ),
  state: z.enum(BANNER_STATES),
  shown: z.boolean().describe('Whether the space shows this banner to members now.'),
  position: z.number().int().describe("Its place in the space's order, lowest first."),
  publishAt: instantSchema,
  publishUntil: instantSchema.nullable(),
  withdrawnAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
})
export type AdminBanner = z.infer<typeof adminBannerSchema>

export const adminBannerSpaceSchema = z.object({
  spaceId: z.enum(BANNER_SPACES),
  shownId: z.string().nullable().describe('The banner members see in the space now; null when none.'),
  banners: z.array(adminBannerSchema),
})
export type AdminBannerSpace = z.infer<typeof adminBannerSpaceSchema>

export const bannerPreviewResultSchema = z.object({
  html: z.string().nullable().describe('What members would get; null when nothing of it may be shown.'),
  changed: z.boolean().describe('Whether the sanitiser took anything out or rewrote it.'),
})
export type BannerPreviewResult = z.infer<typeof bannerPreviewResultSchema>

const BANNERS = '/admin/api/banners'

/**
 * The console's routes for banners. Every operator reads; editors and admins preview, create,
 * change, order and withdraw (`banners.policy.ts` decides the same again in the service).
 */
export const adminBannersApi = {
  adminBannerSpace: route({
    method: 'GET',
    path: `${BANNERS}/spaces/:spaceId`,
    roles: OPERATORS,
    tag: 'admin',
    summary: "A space's banners, in its order or the withdrawn ones, each as members get it.",
    params: bannerSpaceParamsSchema,
    query: bannerListQuerySchema,
    response: wrapped(adminBannerSpaceSchema),
  }),
  adminBannerPreview: route({
    method: 'POST',
    path: `${BANNERS}/preview`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Sanitises banner HTML as it would be stored and served, storing nothing.',
    body: bannerPreviewSchema,
    response: wrapped(bannerPreviewResultSchema),
  }),
  adminBannerCreate: route({
    method: 'POST',
    path: `${BANNERS}/spaces/:spaceId`,
    roles: EDITORS,
    tag: 'admin',
    summary: "Adds a banner to a space, first in the space's order.",
    description: `VALIDATION_FAILED when nothing of the HTML may be shown, or the window ends before it starts. ${AUDITED}`,
    params: bannerSpaceParamsSchema,
    body: bannerCreateSchema,
    response: wrapped(adminBannerSchema),
  }),
  adminBannerChange: route({
    method: 'PUT',
    path: `${BANNERS}/:bannerId`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Changes the HTML or the window of a banner; the fields the body leaves out stay.',
    description: `Members get the change at once. ${AUDITED}`,
    errors: ['BANNER_NOT_FOUND', 'BANNER_WITHDRAWN'],
    params: bannerParamsSchema,
    body: bannerChangeSchema,
    response: wrapped(adminBannerSchema),
  }),
  adminBannerOrder: route({
    method: 'PUT',
    path: `${BANNERS}/spaces/:spaceId/order`,
    roles: EDITORS,
    tag: 'admin',
    summary: "Sets the order of a space's banners: every one not withdrawn, first shown first.",
    description: `ORDER_STALE when the ids are not exactly the space's banners not withdrawn. ${AUDITED}`,
    errors: ['ORDER_STALE'],
    params: bannerSpaceParamsSchema,
    body: bannerOrderSchema,
    response: wrapped(adminBannerSpaceSchema),
  }),
  adminBannerWithdraw: route({
    method: 'POST',
    path: `${BANNERS}/:bannerId/withdraw`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Withdraws a banner: no space shows it again.',
    description: `BANNER_WITHDRAWN when it was withdrawn already. ${AUDITED}`,
    errors: ['BANNER_NOT_FOUND', 'BANNER_WITHDRAWN'],
    params: bannerParamsSchema,
    body: bannerWithdrawSchema,
    response: wrapped(adminBannerSchema),
  }),
}
