import { z } from 'zod'
import { wrapped } from './wrapper'

/**
 * The banner spaces (decision 0040): the lead to a maintenance notice, the lead to a
 * questionnaire, company information, product information, and the banner among the photos (on my
 * page). Their ids are the stable names a screen asks for.
 */
export const BANNER_SPACES = [
  'maintenance_lead',
  'questionnaire_lead',
  'company_information',
  'product_information',
  'photos_banner',
] as const
export type BannerSpace = (typeof BANNER_SPACES)[number]

export function isBannerSpace(value: string): value is BannerSpace {
  return (BANNER_SPACES as readonly string[]).includes(value)
}

/** `GET /sp/2/banner/space_id/:spaceId`. */
export const bannerParamsSchema = z.object({ spaceId: z.string().max(64) })

/** The banner of a space: sanitised HTML, or null when the space shows nothing now. */
export const bannerSchema = z.object({
  bannerHtml: z
    .string()
    .nullable()
    .describe(
      'Sanitised on the server (decision 0040): only a, img, picture, source, p, br, div, span, strong, em, b and small; links https: or paths of this site; pictures from this site.',
    ),
})
export type Banner = z.infer<typeof bannerSchema>
export const bannerResponse = wrapped(bannerSchema)
