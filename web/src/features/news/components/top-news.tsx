import { newsPagePath } from '@puribox/contract/news-pages'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { useNews } from '../api/get-news'
import { useNewsReads } from '../api/mark-read'
import { t } from '../i18n'
import { NewsList } from './news-list'
import '../news.css'

/**
 * The top page's news (decision 0040): the first few by priority, with unread marks, and
 * a "see more" link to the news page. Load it lazily after the first screen. When there is no news, or
 * it could not be loaded, it shows nothing: both mean there is no news to show.
 */
export function TopNews({ count = 3 }: { count?: number }) {
  const news = useNews(null, count)
  const reads = useNewsReads()
  const titleId = useId()
  const entry = news.data?.entry
  if (!entry) return null
  return (
    <section className="card news-top" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('news.top.title')}
      </h2>
      <NewsList
        items={entry}
        isRead={reads.isRead}
        hrefOf={(item) => newsPagePath({ view: 'item', id: item.id }, 'top')}
      />
      <AppLink
        className="text-link news-top__more"
        href={newsPagePath({ view: 'list', category: null }, 'top')}
      >
        {t('news.top.more')}
      </AppLink>
    </section>
  )
}
