import type { NewsItem } from '@puribox/contract/news'
import { AppLink } from '../../../components/app-link'
import { t } from '../i18n'
import { NewsDate } from './news-date'

/**
 * News items as a list of links, each with its date, its category and, when it is unread, a mark.
 * `hrefOf` says where an item opens: a hash of the news page, or the page from elsewhere.
 */
export function NewsList({
  items,
  isRead,
  hrefOf,
}: {
  items: readonly NewsItem[]
  isRead: (item: NewsItem) => boolean
  hrefOf: (item: NewsItem) => string
}) {
  return (
    <ul className="news-list">
      {items.map((item) => {
        const unread = !isRead(item)
        return (
          <li key={item.id}>
            <AppLink
              className={`news-list__item${unread ? ' news-list__item--unread' : ''}`}
              href={hrefOf(item)}
            >
              <span className="news-list__meta">
                {unread && (
                  <span className="news-unread">
                    <span className="visually-hidden">{t('news.unread')}</span>
                  </span>
                )}
                <NewsDate createdAt={item.createdAt} />
                <span className={`news-category news-category--${item.newsCategoryName}`}>
                  {t(`news.categories.${item.newsCategoryName}`)}
                </span>
              </span>
              <span className="news-list__title">{item.title}</span>
            </AppLink>
          </li>
        )
      })}
    </ul>
  )
}
