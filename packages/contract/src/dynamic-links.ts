import { z } from 'zod'
import { wrapped } from './wrapper'

/**
 * `GET /sp/2/dynamic_links` (the links to an app store, a play store, an app deep link, a
 * universal link and a shop map): where those links go, from the server's configuration.
 */
export const dynamicLinksSchema = z.object({
  appStoreUrl: z.string().describe('The app on the App Store'),
  playStoreUrl: z.string().describe('The app on Google Play'),
  appDeepLinkUrl: z.string().describe('Opens the installed app (its own URL scheme)'),
  universalLinkUrl: z.string().describe('Opens the app when installed, else this site (an https URL of it)'),
  shopMapUrl: z.string().describe('The map of shops with booths'),
})
export type DynamicLinks = z.infer<typeof dynamicLinksSchema>
export const dynamicLinksResponse = wrapped(dynamicLinksSchema)
