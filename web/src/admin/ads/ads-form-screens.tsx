import { useQuery } from '@tanstack/react-query'
import { useContent } from '../content/content-context'
import { ContentPage, NotAllowed } from '../content/content-page'
import { FormCard } from '../kit/form-card'
import { adAccessOf } from './ads-access'
import { adSpacesQueryKey, readAdSpaces } from './ads-api'
import { AdForm } from './ads-form'
import { t } from './ads-i18n'
import { AdLoadedOr } from './ads-loaded'
import { adPath, adSpacePath } from './ads-paths'
import { useAd, useAdTrail } from './ads-screen'
import { TO_ADS } from './ads-space-screen'

/** `/admin/ads/spaces/:spaceId/new`: writes a draft in the space, then shows it. */
export function NewAdScreen({ spaceId }: { spaceId: string }) {
  const { operator, changed } = useContent()
  const spaces = useQuery({ queryKey: adSpacesQueryKey(), queryFn: ({ signal }) => readAdSpaces(signal) })
  const space = spaces.data?.spaces.find((found) => found.id === spaceId)
  return (
    <ContentPage
      title={t('adminAds.form.createTitle')}
      lead={t('adminAds.form.createLead', { space: space?.name ?? spaceId })}
      trail={[TO_ADS, { href: adSpacePath(spaceId), label: space?.name ?? spaceId }]}
    >
      {adAccessOf(operator.role).create ? (
        <FormCard>
          <AdForm
            spaceId={spaceId}
            cancelPath={adSpacePath(spaceId)}
            onSaved={(ad) => changed(adPath(ad.id), t('adminAds.form.created'))}
          />
        </FormCard>
      ) : (
        <NotAllowed />
      )}
    </ContentPage>
  )
}

/** `/admin/ads/:adId/edit`: changes an ad's fields (unless it was withdrawn), then shows it. */
export function AdEditScreen({ adId }: { adId: number }) {
  const { operator, changed } = useContent()
  const read = useAd(adId, null)
  const ad = read.data?.ad
  const trail = useAdTrail(ad)
  return (
    <ContentPage
      title={t('adminAds.form.changeTitle')}
      trail={ad ? [...trail, { href: adPath(adId), label: ad.name }] : trail}
    >
      {!adAccessOf(operator.role).change ? (
        <NotAllowed />
      ) : (
        <AdLoadedOr query={read} failure={t('adminAds.ad.loadFailed')}>
          {({ ad: loaded }) =>
            loaded.state === 'withdrawn' ? (
              <p className="notice notice--warning" role="status">
                {t('adminAds.ad.stateNotes.withdrawn')}
              </p>
            ) : (
              <FormCard warning={loaded.state === 'published' && t('adminAds.form.liveWarning')}>
                <AdForm
                  spaceId={loaded.spaceId}
                  ad={loaded}
                  cancelPath={adPath(adId)}
                  onSaved={() => changed(adPath(adId), t('adminContent.form.saved'))}
                />
              </FormCard>
            )
          }
        </AdLoadedOr>
      )}
    </ContentPage>
  )
}
