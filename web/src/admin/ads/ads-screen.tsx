import type { AdminAd, AdminAdRead } from '@puribox/contract/admin-ads'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useSearch } from 'wouter'
import { useContent } from '../content/content-context'
import { japanTime } from '../content/content-format'
import { ContentPage, ReadOnlyNote } from '../content/content-page'
import { adAccessOf, writesAds } from './ads-access'
import { AdActions } from './ads-actions'
import { adQueryKey, adSpacesQueryKey, readAd, readAdSpaces } from './ads-api'
import { t } from './ads-i18n'
import { AdStateBadge, audienceText } from './ads-labels'
import { AdLoadedOr } from './ads-loaded'
import { adAuditPath, adSpacePath } from './ads-paths'
import { AdReactions, type ReactionRange, reactionRangeOf } from './ads-reactions'
import { TO_ADS } from './ads-space-screen'

/** An ad with its reactions of `range` (the server's last 30 days when null). */
export function useAd(adId: number, range: ReactionRange | null) {
  return useQuery({
    queryKey: adQueryKey(adId, range),
    queryFn: ({ signal }) => readAd(adId, range, signal),
    // A new range keeps the page as it is while its figures come.
    placeholderData: keepPreviousData,
  })
}

/** The steps up to an ad: the area, then its space by name (by id until the spaces are read). */
export function useAdTrail(ad: AdminAd | undefined) {
  const spaces = useQuery({
    queryKey: adSpacesQueryKey(),
    queryFn: ({ signal }) => readAdSpaces(signal),
    enabled: ad !== undefined,
  })
  if (!ad) return [TO_ADS]
  const name = spaces.data?.spaces.find((space) => space.id === ad.spaceId)?.name ?? ad.spaceId
  return [TO_ADS, { href: adSpacePath(ad.spaceId), label: name }]
}

/**
 * `/admin/ads/:adId`: an ad's state and everything members get of it, how members see it, its
 * impressions and taps per Japan day (`?from=`…`?to=`, the last 30 days without them), and what may
 * be done with it now (ads-actions.tsx).
 */
export function AdScreen({ adId }: { adId: number }) {
  const { operator } = useContent()
  const search = useSearch()
  const asked = reactionRangeOf(search)
  const read = useAd(adId, asked.range)
  const ad = read.data?.ad
  const trail = useAdTrail(ad)
  return (
    <ContentPage
      title={ad?.name ?? t('adminAds.title')}
      trail={trail}
      actions={writesAds(adAccessOf(operator.role)) ? ad && <AdActions ad={ad} /> : <ReadOnlyNote />}
    >
      <AdLoadedOr query={read} failure={t('adminAds.ad.loadFailed')}>
        {(loaded: AdminAdRead) => (
          <>
            <AdFacts ad={loaded.ad} />
            <AdPreview ad={loaded.ad} />
            <AdReactions adId={adId} read={loaded} asked={asked} fetching={read.isPlaceholderData} />
          </>
        )}
      </AdLoadedOr>
    </ContentPage>
  )
}

function AdFacts({ ad }: { ad: AdminAd }) {
  const label = (
    name:
      | 'space'
      | 'conversionId'
      | 'audience'
      | 'age'
      | 'priority'
      | 'startsAt'
      | 'endsAt'
      | 'withdrawnAt'
      | 'createdAt'
      | 'updatedAt'
      | 'id',
  ) => t(`adminAds.ad.${name}`)
  const time = (iso: string) => <time dateTime={iso}>{japanTime(iso)}</time>
  const none = (text: string) => <span className="content-none">{text}</span>
  return (
    <section className="card console-card" aria-labelledby="ad-facts-title">
      <h2 id="ad-facts-title" className="card__title">
        {t('adminAds.ad.facts')}
      </h2>
      <p>
        <AdStateBadge state={ad.state} />{' '}
        {t(`adminAds.ad.stateNotes.${ad.state}`, { time: ad.startsAt ? japanTime(ad.startsAt) : '' })}
      </p>
      <dl className="console-facts">
        <div>
          <dt>{label('space')}</dt>
          <dd>
            <Link href={adSpacePath(ad.spaceId)} className="text-link">
              <code className="content-code">{ad.spaceId}</code>
            </Link>
          </dd>
        </div>
        <div>
          <dt>{label('conversionId')}</dt>
          <dd>
            <code className="content-code">{ad.conversionId}</code>
          </dd>
        </div>
        <div>
          <dt>{label('audience')}</dt>
          <dd>{audienceText(ad)}</dd>
        </div>
        <div>
          <dt>{label('age')}</dt>
          <dd>{t(`adminAds.ages.${ad.ageTarget}`)}</dd>
        </div>
        <div>
          <dt>{label('priority')}</dt>
          <dd>{ad.priority}</dd>
        </div>
        <div>
          <dt>{label('startsAt')}</dt>
          <dd>{ad.startsAt ? time(ad.startsAt) : none(t('adminAds.ad.notYet'))}</dd>
        </div>
        <div>
          <dt>{label('endsAt')}</dt>
          <dd>{ad.endsAt ? time(ad.endsAt) : none(t('adminAds.ad.noEnd'))}</dd>
        </div>
        {ad.withdrawnAt && (
          <div>
            <dt>{label('withdrawnAt')}</dt>
            <dd>{time(ad.withdrawnAt)}</dd>
          </div>
        )}
        <div>
          <dt>{label('createdAt')}</dt>
          <dd>{time(ad.createdAt)}</dd>
        </div>
        <div>
          <dt>{label('updatedAt')}</dt>
          <dd>{time(ad.updatedAt)}</dd>
        </div>
        <div>
          <dt>{label('id')}</dt>
          <dd>
            <code className="content-code">{ad.id}</code>
          </dd>
        </div>
      </dl>
      <Link href={adAuditPath(ad.id)} className="text-link">
        {t('adminAds.ad.audit')}
      </Link>
    </section>
  )
}

/** The ad as members' top page draws it (a card: the picture over its text, marked PR), and where it leads. */
function AdPreview({ ad }: { ad: AdminAd }) {
  return (
    <section className="card console-card" aria-labelledby="ad-preview-title">
      <h2 id="ad-preview-title" className="card__title">
        {t('adminAds.ad.preview')}
      </h2>
      <p className="note">{t('adminAds.ad.previewNote')}</p>
      <article className="ads-preview" aria-label={ad.title}>
        {ad.mediaType === 'IMAGE' && ad.mediaUrl ? (
          <img className="ads-preview__image" src={ad.mediaUrl} alt="" width={960} height={480} />
        ) : null}
        <span className="ads-preview__body">
          <span className="ads-preview__label">{t('adminAds.ad.prLabel')}</span>
          <span className="ads-preview__title">{ad.title}</span>
          <span className="ads-preview__text">{ad.text}</span>
        </span>
      </article>
      <dl className="console-facts">
        <div>
          <dt>
            {ad.linkType === 'INTERNAL' ? t('adminAds.ad.linkInternal') : t('adminAds.ad.linkExternal')}
          </dt>
          <dd>
            <code className="content-code ads-url">{ad.linkUrl}</code>
          </dd>
        </div>
        {ad.mediaType === 'TEXT' && (
          <div>
            <dt>{t('adminAds.form.mediaType')}</dt>
            <dd>{t('adminAds.ad.noPicture')}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}
