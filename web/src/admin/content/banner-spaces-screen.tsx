import { BANNER_SPACES } from '@puribox/contract/banners'
import { Link } from 'wouter'
import { bannerSpaceName, bannerSpaceWhere } from './banner-labels'
import { bannerSpacePath } from './banner-paths'
import { ContentPage } from './content-page'
import { t } from './i18n'

/** `/admin/banners`: the banner spaces, each with where members see it, leading to its banners. */
export function BannerSpacesScreen() {
  return (
    <ContentPage title={t('adminContent.banners.title')} lead={t('adminContent.banners.lead')}>
      <section aria-labelledby="banner-spaces-title">
        <h2 id="banner-spaces-title" className="section-title">
          {t('adminContent.banners.spacesTitle')}
        </h2>
        <ul className="console-sections">
          {BANNER_SPACES.map((spaceId) => (
            <li key={spaceId}>
              <Link href={bannerSpacePath(spaceId)} className="console-section">
                <span className="console-section__name">{bannerSpaceName(spaceId)}</span>
                <span className="console-section__description">{bannerSpaceWhere(spaceId)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  )
}
