import type { AdminNewsItem } from '@puribox/contract/admin-news'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { LoadedOr } from './content-loaded'
import { ContentPage, ReadOnlyNote } from './content-page'
import { t } from './i18n'
import { newsAccessOf, writesNews } from './news-access'
import { NewsActions } from './news-actions'
import { newsItemQueryKey, readNewsItem } from './news-api'
import { NewsStateBadge, newsCategoryName } from './news-labels'
import { NEWS_PATH, newsAuditPath } from './news-paths'
import { NewsPreview } from './news-preview'

/** One item, in whatever state (its page and its form ask for the same answer). */
export function useNewsItem(newsId: string) {
  return useQuery({
    queryKey: newsItemQueryKey(newsId),
    queryFn: ({ signal }) => readNewsItem(newsId, signal),
  })
}

export const TO_NEWS = { href: NEWS_PATH, label: t('adminContent.news.title') }

/**
 * `/admin/news/:newsId`: an item's state and times, how members see it, and what may be done with
 * it now (news-actions.tsx).
 */
export function NewsScreen({ newsId }: { newsId: string }) {
  const { operator } = useContent()
  const item = useNewsItem(newsId)
  return (
    <ContentPage
      title={item.data?.title ?? t('adminContent.news.item.title')}
      trail={[TO_NEWS]}
      actions={
        writesNews(newsAccessOf(operator.role)) ? (
          item.data && <NewsActions item={item.data} />
        ) : (
          <ReadOnlyNote />
        )
      }
    >
      <LoadedOr query={item} failure={t('adminContent.news.item.loadFailed')}>
        {(loaded) => (
          <>
            <NewsFacts item={loaded} />
            <NewsPreview item={loaded} />
          </>
        )}
      </LoadedOr>
    </ContentPage>
  )
}

function NewsFacts({ item }: { item: AdminNewsItem }) {
  const label = (
    name:
      | 'state'
      | 'category'
      | 'priority'
      | 'publishAt'
      | 'publishUntil'
      | 'withdrawnAt'
      | 'createdAt'
      | 'updatedAt'
      | 'id',
  ) => t(`adminContent.news.item.${name}`)
  const time = (iso: string) => <time dateTime={iso}>{japanTime(iso)}</time>
  return (
    <section className="card console-card" aria-labelledby="news-facts-title">
      <h2 id="news-facts-title" className="card__title">
        {t('adminContent.news.item.facts')}
      </h2>
      <p>
        <NewsStateBadge state={item.state} />{' '}
        {t(`adminContent.news.item.stateNotes.${item.state}`, {
          time: item.publishAt ? japanTime(item.publishAt) : '',
        })}
      </p>
      <dl className="console-facts">
        <div>
          <dt>{label('category')}</dt>
          <dd>{newsCategoryName(item.category)}</dd>
        </div>
        <div>
          <dt>{label('priority')}</dt>
          <dd>{item.priorityLevel}</dd>
        </div>
        <div>
          <dt>{label('publishAt')}</dt>
          <dd>
            {item.publishAt ? (
              time(item.publishAt)
            ) : (
              <span className="content-none">{t('adminContent.news.item.notYet')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{label('publishUntil')}</dt>
          <dd>
            {item.publishUntil ? (
              time(item.publishUntil)
            ) : (
              <span className="content-none">{t('adminContent.news.item.noEnd')}</span>
            )}
          </dd>
        </div>
        {item.withdrawnAt && (
          <div>
            <dt>{label('withdrawnAt')}</dt>
            <dd>{time(item.withdrawnAt)}</dd>
          </div>
        )}
        <div>
          <dt>{label('createdAt')}</dt>
          <dd>{time(item.createdAt)}</dd>
        </div>
        <div>
          <dt>{label('updatedAt')}</dt>
          <dd>{time(item.updatedAt)}</dd>
        </div>
        <div>
          <dt>{label('id')}</dt>
          <dd>
            <code className="content-code">{item.id}</code>
          </dd>
        </div>
      </dl>
      <Link href={newsAuditPath(item.id)} className="text-link">
        {t('adminContent.news.item.audit')}
      </Link>
    </section>
  )
}
