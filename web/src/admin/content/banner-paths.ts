import { type BannerSpace, isBannerSpace } from '@puribox/contract/banners'
import { BANNERS_PATH } from '../paths'

export { BANNERS_PATH }

/** Which of a space's banners its screen lists: those not withdrawn, in order, or the withdrawn ones. */
export type BannerList = 'current' | 'withdrawn'

const part = encodeURIComponent

/** A space's banners; `?list=withdrawn` shows the ones taken back. */
export const bannerSpacePath = (spaceId: BannerSpace, list: BannerList = 'current') =>
  `${BANNERS_PATH}/spaces/${part(spaceId)}${list === 'withdrawn' ? '?list=withdrawn' : ''}`
export const newBannerPath = (spaceId: BannerSpace) => `${BANNERS_PATH}/spaces/${part(spaceId)}/new`
export const bannerEditPath = (spaceId: BannerSpace, bannerId: string) =>
  `${BANNERS_PATH}/spaces/${part(spaceId)}/banners/${part(bannerId)}/edit`

/** The patterns of the area's screens, as wouter matches them. */
export const BANNER_ROUTES = {
  spaces: BANNERS_PATH,
  space: `${BANNERS_PATH}/spaces/:spaceId`,
  create: `${BANNERS_PATH}/spaces/:spaceId/new`,
  edit: `${BANNERS_PATH}/spaces/:spaceId/banners/:bannerId/edit`,
} as const

/** The list an address asks for (`?list=`): the current banners when it names none, null when it names another. */
export function bannerListOfSearch(search: string): BannerList | null {
  const list = new URLSearchParams(search).get('list')
  if (list === null || list === '' || list === 'current') return 'current'
  return list === 'withdrawn' ? 'withdrawn' : null
}

/** The space a path names, or null for a name that is none (the not-found screen then). */
export function bannerSpaceOf(value: string): BannerSpace | null {
  return isBannerSpace(value) ? value : null
}
