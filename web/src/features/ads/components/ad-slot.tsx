import type { AdItem } from '@puribox/contract/ads'
import { type ReactNode, useEffect, useRef } from 'react'
import { AppLink } from '../../../components/app-link'
import { sendAdReaction, useAds } from '../api/ads'
import { useStaticData } from '../api/static-data'
import { t } from '../i18n'
import '../ads.css'

/** How much of an ad must be on the screen for it to count as seen. */
const SEEN_RATIO = 0.5

/** Calls `onSeen` once, the first time at least half of the element is on the screen. */
function useSeenOnce(element: React.RefObject<HTMLElement | null>, onSeen: () => void): void {
  const seen = useRef(false)
  const callback = useRef(onSeen)
  callback.current = onSeen
  useEffect(() => {
    const target = element.current
    // Without IntersectionObserver nothing is counted: an ad never seen must not count as seen.
    if (!target || seen.current || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (seen.current || !entries.some((entry) => entry.isIntersecting)) return
        seen.current = true
        observer.disconnect()
        callback.current()
      },
      { threshold: SEEN_RATIO },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [element])
}

/** Only where the server allows links to go: another site over https, or a page of this one. */
function safeLink(ad: AdItem): string | null {
  if (ad.linkType === 'EXTERNAL') return /^https:\/\//i.test(ad.linkUrl) ? ad.linkUrl : null
  return ad.linkUrl.startsWith('/') && !/^\/[/\\]/.test(ad.linkUrl) ? ad.linkUrl : null
}

function AdCard({ ad }: { ad: AdItem }) {
  const ref = useRef<HTMLElement>(null)
  useSeenOnce(ref, () => void sendAdReaction(ad.id, 'IMPRESSION'))
  const href = safeLink(ad)
  const tapped = () => void sendAdReaction(ad.id, 'CLICK')
  const content: ReactNode = (
    <>
      {ad.mediaType === 'IMAGE' && ad.mediaUrl ? (
        <img
          className="ad-card__image"
          src={ad.mediaUrl}
          alt=""
          width={640}
          height={320}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <span className="ad-card__body">
        <span className="ad-card__label">{t('ads.label')}</span>
        <span className="ad-card__title">{ad.title}</span>
        <span className="ad-card__text">{ad.text}</span>
      </span>
    </>
  )
  return (
    <article ref={ref} className="ad-card" data-ad-id={ad.id}>
      {href === null ? (
        <div className="ad-card__link">{content}</div>
      ) : ad.linkType === 'EXTERNAL' ? (
        <a className="ad-card__link" href={href} target="_blank" rel="sponsored noopener" onClick={tapped}>
          {content}
          <span className="visually-hidden">{t('ads.opensOtherSite')}</span>
        </a>
      ) : (
        <AppLink className="ad-card__link" href={href} onClick={tapped}>
          {content}
        </AppLink>
      )}
    </article>
  )
}

/**
 * The ads of a placement of the web app (decision 0041): the space comes from the static data, the
 * ads for the viewer from the ad routes. Each ad counts as seen once half of it has been on the
 * screen, and as tapped when its link is. Nothing is shown while they load, when there are none, or
 * when anything fails: ads never stand in a person's way.
 */
export function AdSlot({ placement = 'topPage' }: { placement?: 'topPage' }) {
  const data = useStaticData()
  const spaceId = data.data?.advertisement[placement] ?? null
  const ads = useAds(spaceId)
  const list = ads.data?.advertisements ?? []
  if (list.length === 0) return null
  return (
    <section className="ad-slot" aria-label={t('ads.region')}>
      {list.map((ad) => (
        <AdCard key={ad.id} ad={ad} />
      ))}
    </section>
  )
}

export default AdSlot
