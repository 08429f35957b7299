import { contentLinkUrl, isOffSite } from '@puribox/contract/content-links'
import type { NewsItem } from '@puribox/contract/news'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { t } from '../i18n'
import { NewsDate } from './news-date'

/** The item's link: within the site, or another site in a new tab that cannot reach back. */
function NewsLink({ label, url }: { label: string; url: string }) {
  // Checked again here: the server checks it when storing and serving, this is the last door.
  const safe = contentLinkUrl(url)
  if (safe === null) return null
  if (isOffSite(safe)) {
    return (
      <a className="button button--block" href={safe} target="_blank" rel="noopener noreferrer">
        {label}
        <span className="visually-hidden">{t('common.opensInNewTab')}</span>
      </a>
    )
  }
  return (
    <AppLink className="button button--block" href={safe}>
      {label}
    </AppLink>
  )
}

/** One news item in full: its date and category, title, text and link. */
export function NewsItemView({ item }: { item: NewsItem }) {
  const titleId = useId()
  return (
    <article className="card news-item" aria-labelledby={titleId}>
      <p className="news-list__meta">
        <NewsDate createdAt={item.createdAt} />
        <span className={`news-category news-category--${item.newsCategoryName}`}>
          {t(`news.categories.${item.newsCategoryName}`)}
        </span>
      </p>
      <h2 id={titleId} className="news-item__title">
        {item.title}
      </h2>
      <p className="news-item__body">{item.body}</p>
      {item.link && <NewsLink label={item.link.label} url={item.link.url} />}
    </article>
  )
}
