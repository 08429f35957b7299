import type { BannerSpace } from '@puribox/contract/banners'
import { type MouseEvent, useMemo } from 'react'
import '../../../components/banner.css'
import { prepareBannerHtml } from '../../../lib/banner-html'
import { useGoTo } from '../../../lib/page-navigation'
import { useBanner } from '../api/get-banner'

/**
 * The banner of a banner space (decision 0040): `maintenance_lead`, `questionnaire_lead`,
 * `company_information`, `product_information` or `photos_banner`. Nothing while it loads, nothing
 * when the space shows none or it could not be loaded. Load it lazily: it is never the first screen.
 */
export function Banner({ spaceId, className }: { spaceId: BannerSpace; className?: string }) {
  const banner = useBanner(spaceId)
  const goTo = useGoTo()
  const html = useMemo(() => (banner.data ? prepareBannerHtml(banner.data) : null), [banner.data])
  if (!html) return null

  // A link to a page of this site moves inside the app instead of loading the page again.
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    const link = (event.target as Element).closest?.('a')
    const href = link?.getAttribute('href')
    if (!link || !href || link.target === '_blank' || !href.startsWith('/')) return
    event.preventDefault()
    goTo(href)
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the links inside are the controls; this only routes their clicks.
    <div
      className={`banner${className ? ` ${className}` : ''}`}
      data-banner-space={spaceId}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (decision 0040), links checked again by prepareBannerHtml.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
