import type { AdminAd, AdPlacement, AdState } from '@puribox/contract/admin-ads'
import adminAds from '../../locales/ja/adminAds.json'
import adminContent from '../../locales/ja/adminContent.json'
import { japanTime } from '../content/content-format'
import { t } from './ads-i18n'

/** The area's sentences for the server's error codes, then the content areas' (then the common ones). */
export const ADS_ERRORS: Readonly<Record<string, string>> = { ...adminContent.errors, ...adminAds.errors }

export const adStateName = (state: AdState) => t(`adminAds.states.${state}`)
export const placementName = (placement: AdPlacement) => t(`adminAds.placements.${placement}`)

/** An ad's state as a badge, coloured by whether members see it (the content areas' colours). */
export function AdStateBadge({ state }: { state: AdState }) {
  return <span className={`badge content-state content-state--${state}`}>{adStateName(state)}</span>
}

/** Whom an ad is shown to: its memberships, in their order, then its age. */
export function audienceText(ad: Pick<AdminAd, 'forGuests' | 'forMini' | 'forPremium'>): string {
  return (['forGuests', 'forMini', 'forPremium'] as const)
    .filter((key) => ad[key])
    .map((key) => t(`adminAds.audiences.${key}`))
    .join(t('adminAds.audiences.separator'))
}

/**
 * An ad's window: its start (or "not yet") to its end (or "no end"), each kept whole on its line,
 * so a narrow column breaks between them rather than inside a time or a word.
 */
export function AdPeriod({ ad }: { ad: Pick<AdminAd, 'startsAt' | 'endsAt'> }) {
  const start = ad.startsAt ? japanTime(ad.startsAt) : t('adminAds.ad.notYet')
  const end = ad.endsAt ? japanTime(ad.endsAt) : t('adminAds.ad.noEnd')
  return (
    <span>
      <span className="ads-nowrap">{start}</span> {t('adminAds.ad.periodTo')}{' '}
      <span className="ads-nowrap">{end}</span>
    </span>
  )
}

const countFormat = new Intl.NumberFormat('ja-JP')

/** A count as read: with thousands separators. */
export const formatCount = (count: number) => countFormat.format(count)

/** Taps per impression, as a percentage to one decimal; a dash when nothing was shown. */
export function tapRate(impressions: number, clicks: number): string {
  if (impressions === 0) return t('adminAds.reactions.noRate')
  return `${((clicks / impressions) * 100).toFixed(1)}%`
}
