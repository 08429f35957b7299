import { type AdminNewsItem, NEWS_STATES } from '@puribox/contract/admin-news'
import { Link } from 'wouter'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { ReadOnlyNote } from './content-page'
import { t } from './i18n'
import { newsAccessOf } from './news-access'
import { newsListQueryKey, readNewsPage } from './news-api'
import { NewsStateBadge, newsCategoryName, newsStateName } from './news-labels'
import { NEW_NEWS_PATH, newsItemPath, newsListPath, newsViewOfSearch } from './news-paths'
import { StateListScreen } from './state-list-screen'

const column = (name: 'title' | 'state' | 'publishAt' | 'updatedAt') =>
  t(`adminContent.news.list.columns.${name}`)

/**
 * `/admin/news`: the items, newest written first, a page at a time, of every state or one
 * (`?state=`): the state lives in the address, so a link shows the same list.
 */
export function NewsListScreen() {
  const { operator } = useContent()
  return (
    <StateListScreen
      id="news"
      text={(key, params) => t(`adminContent.news.${key}`, params)}
      states={NEWS_STATES}
      stateName={newsStateName}
      viewOf={newsViewOfSearch}
      listPath={newsListPath}
      newPath={NEW_NEWS_PATH}
      canCreate={newsAccessOf(operator.role).create}
      readOnly={<ReadOnlyNote />}
      queryKey={newsListQueryKey}
      readPage={readNewsPage}
      itemsOf={(page) => page.items}
      columns={[column('title'), column('state'), column('publishAt'), column('updatedAt')]}
      row={(item) => <NewsRow item={item} />}
    />
  )
}

/** One item: a row of the table on a laptop, a card of its own on a phone (content.css). */
function NewsRow({ item }: { item: AdminNewsItem }) {
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
