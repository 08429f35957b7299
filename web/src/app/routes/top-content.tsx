import { useId } from 'react'
import AdSlot from '../../features/ads/components/ad-slot'
import { Banner } from '../../features/banners/components/banner'
import BlogPosts from '../../features/blog/components/blog-posts'
import { useDynamicLinks } from '../../features/links/public'
import { TopNews } from '../../features/news/components/top-news'
import { createTranslator, shellMessages } from '../../lib/i18n'
import { isNativeApp } from '../../lib/native-app'
import topContent from '../../locales/ja/topContent.json'

const t = createTranslator({ ...shellMessages, topContent })

/** The app stores' links (the dynamic links), not shown inside the app itself. */
function AppLinks() {
  const titleId = useId()
  const links = useDynamicLinks().data
  if (!links || isNativeApp()) return null
  return (
    <section className="card top-app" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('topContent.app.title')}
      </h2>
      <p>{t('topContent.app.body')}</p>
      {/* Drawn as the stores' badges are (their marks from src/brand/stores/, the words as text). */}
      <div className="top-app__stores">
        <a href={links.appStoreUrl} className="store-badge store-badge--apple" rel="noopener">
          <span className="store-badge__small">{t('topContent.app.appStore.small')}</span>
          <span className="store-badge__large">{t('topContent.app.appStore.large')}</span>
        </a>
        <a href={links.playStoreUrl} className="store-badge store-badge--google-play" rel="noopener">
          <span className="store-badge__small">{t('topContent.app.playStore.small')}</span>
          <span className="store-badge__large">{t('topContent.app.playStore.large')}</span>
        </a>
      </div>
    </section>
  )
}

/**
 * What the top page shows below its first screen, for the viewer: a maintenance notice
 * when there is one, the news by priority, the ads, then the company's banners, the blog and the
 * apps. One chunk, loaded after the first screen (top-route.tsx); each part shows nothing while it
 * loads, when it has nothing, or when it fails — the seal-ID entry above never waits for them.
 */
export function TopContent() {
  return (
    <div className="top-content stack">
      <Banner spaceId="maintenance_lead" />
      <TopNews />
      <AdSlot placement="topPage" />
      <Banner spaceId="questionnaire_lead" />
    </div>
  )
}

/** The end of the top page: the company's banners, the blog and the apps. */
export function TopFooterContent() {
  return (
    <div className="top-content stack">
      <Banner spaceId="product_information" />
      <Banner spaceId="company_information" />
      <BlogPosts category="tips" />
      <AppLinks />
    </div>
  )
}
