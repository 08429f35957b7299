import { type AdminNewsItem, NEWS_STATES, type NewsState } from '@puribox/contract/admin-news'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useSearch } from 'wouter'
import { LoadingState } from '../../components/loading-state'
import { QueryFailure } from '../query-failure'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { ListMore } from './content-loaded'
import { ContentPage, ContentTabs, ReadOnlyNote } from './content-page'
import { t } from './i18n'
import { newsAccessOf } from './news-access'
import { newsListQueryKey, readNewsPage } from './news-api'
import { NewsStateBadge, newsCategoryName, newsStateName } from './news-labels'
import { NEW_NEWS_PATH, newsItemPath, newsListPath, newsViewOfSearch } from './news-paths'

/**
 * `/admin/news`: the items, newest written first, a page at a time, of every state or one
 * (`?state=`): the state lives in the address, so a link shows the same list.
 */
export function NewsListScreen() {
  const search = useSearch()
  const { operator } = useContent()
  const access = newsAccessOf(operator.role)
  const view = useMemo(() => newsViewOfSearch(search), [search])
  const current = 'state' in view ? view.state : null
  const tabs = [
    { key: 'all', href: newsListPath(null), label: t('adminContent.news.states.all') },
    ...NEWS_STATES.map((state) => ({ key: state, href: newsListPath(state), label: newsStateName(state) })),
  ]
  return (
    <ContentPage
      title={t('adminContent.news.title')}
      lead={t('adminContent.news.lead')}
      tabs={
        <ContentTabs
          label={t('adminContent.news.states.label')}
          tabs={tabs}
          current={'state' in view ? (current ?? 'all') : null}
        />
      }
      actions={
        access.create ? (
          <Link href={NEW_NEWS_PATH} className="button button--small">
            {t('adminContent.news.create')}
          </Link>
        ) : (
          <ReadOnlyNote />
        )
      }
    >
      {'state' in view ? (
        <NewsList state={view.state} />
      ) : (
        <p className="notice notice--error" role="alert">
          {t('adminContent.news.list.badState')}
        </p>
      )}
    </ContentPage>
  )
}

function NewsList({ state }: { state: NewsState | null }) {
  const list = useInfiniteQuery({
    queryKey: newsListQueryKey(state),
    queryFn: ({ pageParam, signal }) => readNewsPage(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  if (list.isPending) return <LoadingState />
  if (list.isError && !list.isFetchNextPageError) {
    return (
      <QueryFailure
        error={list.error}
        refused={t('adminContent.news.list.refused')}
        failed={t('adminContent.news.list.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    )
  }
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  if (items.length === 0) {
    return (
      <section className="card console-card empty-state" aria-labelledby="news-empty-title">
        <h2 id="news-empty-title" className="card__title">
          {t('adminContent.news.list.emptyTitle')}
        </h2>
        <p>
          {state === null
            ? t('adminContent.news.list.emptyAll')
            : t('adminContent.news.list.emptyState', { state: newsStateName(state) })}
        </p>
      </section>
    )
  }
  const column = (name: 'title' | 'state' | 'publishAt' | 'updatedAt') =>
    t(`adminContent.news.list.columns.${name}`)
  return (
    <section className="console-list" aria-labelledby="news-list-title">
      <h2 id="news-list-title" className="visually-hidden">
        {t('adminContent.news.list.title')}
      </h2>
      <table className="console-table content-table">
        <thead>
          <tr>
            <th scope="col">{column('title')}</th>
            <th scope="col">{column('state')}</th>
            <th scope="col">{column('publishAt')}</th>
            <th scope="col">{column('updatedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <NewsRow key={item.id} item={item} />
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {t('adminContent.news.list.shown', { count: items.length })}
        </p>
        <ListMore list={list} end={t('adminContent.news.list.end')} />
      </div>
    </section>
  )
}

/** One item: a row of the table on a laptop, a card of its own on a phone (content.css). */
function NewsRow({ item }: { item: AdminNewsItem }) {
  const column = (name: 'state' | 'publishAt' | 'updatedAt') => t(`adminContent.news.list.columns.${name}`)
  return (
    <tr>
      <th scope="row">
        <Link href={newsItemPath(item.id)} className="content-table__main-link">
          {item.title}
        </Link>
        <span className="content-sub">{newsCategoryName(item.category)}</span>
      </th>
      <td data-label={column('state')}>
        <NewsStateBadge state={item.state} />
      </td>
      <td data-label={column('publishAt')}>
        {item.publishAt ? (
          <time dateTime={item.publishAt}>{japanTime(item.publishAt)}</time>
        ) : (
          <span className="content-none">{t('adminContent.news.list.notYet')}</span>
        )}
      </td>
      <td data-label={column('updatedAt')}>
        <time dateTime={item.updatedAt}>{japanTime(item.updatedAt)}</time>
      </td>
    </tr>
  )
}
