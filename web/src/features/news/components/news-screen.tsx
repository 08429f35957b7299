import type { NewsItem } from '@puribox/contract/news'
import {
  NEWS_CATEGORIES,
  type NewsCategory,
  type NewsFrom,
  newsFromOf,
  newsHash,
} from '@puribox/contract/news-pages'
import { links, MEMBER_HOME } from '@puribox/contract/pages'
import { type ReactNode, useEffect } from 'react'
import { useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { useNews } from '../api/get-news'
import { useNewsReads } from '../api/mark-read'
import { t } from '../i18n'
import { useNewsHash } from '../news-hash'
import { NewsItemView } from './news-item-view'
import { NewsList } from './news-list'
import '../news.css'

/** Where the back link of the page goes, for the pages people come from (none inside the app). */
const BACK: Partial<Record<NewsFrom, { href: string; label: 'news.back.top' | 'news.back.mypage' }>> = {
  top: { href: links.top, label: 'news.back.top' },
  menu: { href: links.top, label: 'news.back.top' },
  banner: { href: links.top, label: 'news.back.top' },
  mypage: { href: MEMBER_HOME, label: 'news.back.mypage' },
}

function CategoryTabs({ current }: { current: NewsCategory | null }) {
  const tabs: Array<NewsCategory | null> = [null, ...NEWS_CATEGORIES]
  return (
    <nav aria-label={t('news.categories.label')}>
      <ul className="news-tabs">
        {tabs.map((category) => (
          <li key={category ?? 'all'}>
            <a
              className="news-tabs__tab"
              href={newsHash({ view: 'list', category })}
              aria-current={category === current ? 'page' : undefined}
            >
              {t(`news.categories.${category ?? 'all'}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** No news, or none could be loaded: said calmly, with a way to try again when it failed. */
function NoNews({
  failed,
  category,
  onRetry,
}: {
  failed: boolean
  category: NewsCategory | null
  onRetry: () => void
}) {
  if (failed) {
    return (
      <div className="card card--soft news-calm" role="status">
        <p>{t('news.failed')}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    )
  }
  return (
    <div className="empty-state news-calm" role="status">
      <p>
        {category ? t('news.emptyCategory', { category: t(`news.categories.${category}`) }) : t('news.empty')}
      </p>
    </div>
  )
}

/** One item, opened from the list: it becomes read once it is known who is looking. */
function OpenedItem({ item, onOpen }: { item: NewsItem; onOpen: (item: NewsItem) => void }) {
  useEffect(() => {
    onOpen(item)
  }, [item, onOpen])
  return <NewsItemView item={item} />
}

/**
 * `/sp/puri_news?from={where}#/{view}` (decision 0040): the news by priority with unread marks,
 * one category (`#/important`…), or one item (`#/{id}`), which becomes read when opened. The news
 * that could not be loaded, or that there are none, is said calmly; never an error page.
 */
export function NewsScreen() {
  const [searchParams] = useSearchParams()
  const from = newsFromOf(searchParams.get('from'))
  const back = from ? BACK[from] : undefined
  const { view } = useNewsHash()
  const category = view.view === 'list' ? view.category : null
  // An item is found in the whole list (the item's own category may not be the one last shown).
  const news = useNews(category)
  const reads = useNewsReads()

  // An item opens at its top, as a new page would (back to the list keeps the list's place).
  const openedId = view.view === 'item' ? view.id : null
  useEffect(() => {
    if (openedId) window.scrollTo(0, 0)
  }, [openedId])

  let body: ReactNode
  if (news.isPending) {
    body = <LoadingState label={t('news.loading')} />
  } else if (view.view === 'item') {
    const item = news.data?.entry?.find((candidate) => candidate.id === view.id)
    body = item ? (
      <OpenedItem item={item} onOpen={reads.markRead} />
    ) : news.data?.failed ? (
      <NoNews failed category={null} onRetry={() => void news.refetch()} />
    ) : (
      <div className="card news-calm" role="status">
        <h2 className="card__title">{t('news.notFound.title')}</h2>
        <p>{t('news.notFound.body')}</p>
      </div>
    )
  } else if (news.data?.entry) {
    body = (
      <NewsList
        items={news.data.entry}
        isRead={reads.isRead}
        hrefOf={(item) => newsHash({ view: 'item', id: item.id })}
      />
    )
  } else {
    body = (
      <NoNews failed={news.data?.failed ?? true} category={category} onRetry={() => void news.refetch()} />
    )
  }

  return (
    <div className="page news-page">
      <PageTitle page={t('news.title')} />
      <h1 className="page__title">{t('news.title')}</h1>
      {view.view === 'list' && <CategoryTabs current={category} />}
      {body}
      {view.view === 'item' && (
        <a className="text-link" href={newsHash({ view: 'list', category: null })}>
          {t('news.toList')}
        </a>
      )}
      {back && (
        <AppLink className="text-link" href={back.href}>
          {t(back.label)}
        </AppLink>
      )}
    </div>
  )
}
