import type { AdminAdSpace } from '@puribox/contract/admin-ads'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useContent } from '../content/content-context'
import { ContentPage, ReadOnlyNote } from '../content/content-page'
import { adAccessOf } from './ads-access'
import { adSpacesQueryKey, readAdSpaces } from './ads-api'
import { t } from './ads-i18n'
import { placementName } from './ads-labels'
import { AdLoadedOr } from './ads-loaded'
import { adSpacePath, NEW_AD_SPACE_PATH } from './ads-paths'

/** Where a space shows on members' pages, in a phrase. */
export function spaceShownAt(space: Pick<AdminAdSpace, 'placement'>): string {
  return space.placement
    ? t('adminAds.spaces.shownAt', { placement: placementName(space.placement) })
    : t('adminAds.spaces.notShown')
}

/** `/admin/ads`: the ad spaces, the one filling a page first, each with its ads counted by state. */
export function AdSpacesScreen() {
  const { operator } = useContent()
  const access = adAccessOf(operator.role)
  const spaces = useQuery({ queryKey: adSpacesQueryKey(), queryFn: ({ signal }) => readAdSpaces(signal) })
  return (
    <ContentPage
      title={t('adminAds.title')}
      lead={t('adminAds.lead')}
      actions={
        access.createSpace ? (
          <Link href={NEW_AD_SPACE_PATH} className="button button--small">
            {t('adminAds.spaces.create')}
          </Link>
        ) : (
          <ReadOnlyNote />
        )
      }
    >
      <AdLoadedOr query={spaces} failure={t('adminAds.spaces.loadFailed')}>
        {({ spaces: list }) =>
          list.length === 0 ? (
            <section className="card console-card empty-state" aria-labelledby="ad-spaces-empty">
              <h2 id="ad-spaces-empty" className="card__title">
                {t('adminAds.spaces.emptyTitle')}
              </h2>
              <p>{t('adminAds.spaces.empty')}</p>
            </section>
          ) : (
            <section aria-labelledby="ad-spaces-title">
              <h2 id="ad-spaces-title" className="section-title">
                {t('adminAds.spaces.title')}
              </h2>
              <ul className="console-sections">
                {list.map((space) => (
                  <li key={space.id}>
                    <Link href={adSpacePath(space.id)} className="console-section">
                      <span className="console-section__name">{space.name}</span>
                      <span className="console-section__description">
                        <code className="content-code">{space.id}</code> {spaceShownAt(space)}
                      </span>
                      <span className="console-section__description">
                        {t('adminAds.spaces.counts', space.counts)}
                        <br />
                        {t('adminAds.spaces.countsMore', space.counts)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )
        }
      </AdLoadedOr>
    </ContentPage>
  )
}
