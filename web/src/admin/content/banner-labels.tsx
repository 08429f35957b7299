import type { BannerState } from '@puribox/contract/admin-banners'
import type { BannerSpace } from '@puribox/contract/banners'
import { t } from './i18n'

export const bannerSpaceName = (spaceId: BannerSpace) => t(`adminContent.banners.spaces.${spaceId}.name`)
export const bannerSpaceWhere = (spaceId: BannerSpace) => t(`adminContent.banners.spaces.${spaceId}.where`)

/** A banner's state as a badge, coloured by whether its window is open. */
export function BannerStateBadge({ state }: { state: BannerState }) {
  return (
    <span className={`badge content-state content-state--${state}`}>
      {t(`adminContent.banners.states.${state}`)}
    </span>
  )
}
