import type { BannerSpace } from '@puribox/contract/banners'
import { Link } from 'wouter'
import { FormCard } from '../kit/form-card'
import { bannerAccessOf } from './banner-access'
import { BannerForm } from './banner-form'
import { bannerSpaceName } from './banner-labels'
import { bannerSpacePath } from './banner-paths'
import { TO_BANNERS, useBannerSpace } from './banner-space-screen'
import { useContent } from './content-context'
import { LoadedOr } from './content-loaded'
import { ContentPage, NotAllowed } from './content-page'
import { t } from './i18n'

const toSpace = (spaceId: BannerSpace) => ({
  href: bannerSpacePath(spaceId),
  label: t('adminContent.banners.space.title', { name: bannerSpaceName(spaceId) }),
})

/** `/admin/banners/spaces/:spaceId/new`: adds a banner first in the space's order, then shows the space. */
export function NewBannerScreen({ spaceId }: { spaceId: BannerSpace }) {
  const { operator, changed } = useContent()
  return (
    <ContentPage
      title={t('adminContent.banners.form.createTitle')}
      lead={t('adminContent.banners.form.createLead', { space: bannerSpaceName(spaceId) })}
      trail={[TO_BANNERS, toSpace(spaceId)]}
    >
      {bannerAccessOf(operator.role).create ? (
        <FormCard>
          <BannerForm
            spaceId={spaceId}
            cancelPath={bannerSpacePath(spaceId)}
            onSaved={() => changed(bannerSpacePath(spaceId), t('adminContent.banners.form.created'))}
          />
        </FormCard>
      ) : (
        <NotAllowed />
      )}
    </ContentPage>
  )
}

/**
 * `/admin/banners/spaces/:spaceId/banners/:bannerId/edit`: changes a banner of the space's current
 * list (a withdrawn one cannot be changed), then shows the space.
 */
export function BannerEditScreen({ spaceId, bannerId }: { spaceId: BannerSpace; bannerId: string }) {
  const { operator, changed } = useContent()
  const space = useBannerSpace(spaceId, 'current')
  return (
    <ContentPage title={t('adminContent.banners.form.changeTitle')} trail={[TO_BANNERS, toSpace(spaceId)]}>
      {!bannerAccessOf(operator.role).change ? (
        <NotAllowed />
      ) : (
        <LoadedOr query={space} failure={t('adminContent.banners.space.loadFailed')}>
          {(loaded) => {
            const banner = loaded.banners.find((one) => one.id === bannerId)
            if (!banner) {
              return (
                <div className="notice notice--error" role="alert">
                  <p>{t('adminContent.banners.form.notFound')}</p>
                  <Link href={bannerSpacePath(spaceId)} className="text-link">
                    {toSpace(spaceId).label}
                  </Link>
                </div>
              )
            }
            return (
              <FormCard warning={banner.shown && t('adminContent.banners.form.shownWarning')}>
                <BannerForm
                  spaceId={spaceId}
                  banner={banner}
                  cancelPath={bannerSpacePath(spaceId)}
                  onSaved={() => changed(bannerSpacePath(spaceId), t('adminContent.form.saved'))}
                />
              </FormCard>
            )
          }}
        </LoadedOr>
      )}
    </ContentPage>
  )
}
