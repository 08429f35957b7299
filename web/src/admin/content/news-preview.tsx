import type { AdminNewsItem } from '@puribox/contract/admin-news'
import { contentLinkUrl, isOffSite } from '@puribox/contract/content-links'
import { formatJst } from '@puribox/contract/time'
import { dateTimeParts } from '../../lib/date-time-parts'
import { t } from './i18n'
import { newsCategoryName } from './news-labels'
import './news-preview.css'

/** The day members read above an item: the day it was published, as their news page writes it. */
function publishedDay(publishAt: string | null): string {
  const parts = publishAt === null ? null : dateTimeParts(formatJst(new Date(publishAt)))
  return parts ? t('adminContent.news.preview.date', parts) : t('adminContent.news.preview.noDate')
}

/**
 * The item as members' news page shows it (its date and category, title, text kept as typed with
 * its line breaks, and the link as a button), so an editor sees it before members do. The link is
 * checked as members' page checks it: one it would not show is said instead; here it opens in a
 * new tab, away from the console.
 */
export function NewsPreview({ item }: { item: AdminNewsItem }) {
  const url = item.link ? contentLinkUrl(item.link.url) : null
  return (
    <section className="card console-card" aria-labelledby="news-preview-title">
      <h2 id="news-preview-title" className="card__title">
        {t('adminContent.news.preview.title')}
      </h2>
      <p className="note">{t('adminContent.news.preview.lead')}</p>
      <article className="news-preview" aria-label={item.title}>
        <p className="news-preview__meta">
          <span>{publishedDay(item.publishAt)}</span>
          <span className={`news-preview__category news-preview__category--${item.category}`}>
            {newsCategoryName(item.category)}
          </span>
        </p>
        <h3 className="news-preview__title">{item.title}</h3>
        <p className="news-preview__body">{item.body}</p>
        {item.link &&
          (url === null ? (
            <p className="notice notice--warning">{t('adminContent.news.preview.badLink')}</p>
          ) : (
            <a className="button button--block" href={url} target="_blank" rel="noopener noreferrer">
              {item.link.label}
              <span className="visually-hidden">{t('adminContent.news.preview.opensInNewTab')}</span>
            </a>
          ))}
        {url !== null && !isOffSite(url) && <p className="content-sub content-code">{url}</p>}
      </article>
    </section>
  )
}
