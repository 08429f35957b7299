import { FormCard } from '../kit/form-card'
import { useContent } from './content-context'
import { LoadedOr } from './content-loaded'
import { ContentPage, NotAllowed } from './content-page'
import { t } from './i18n'
import { newsAccessOf } from './news-access'
import { NewsForm } from './news-form'
import { NEWS_PATH, newsItemPath } from './news-paths'
import { TO_NEWS, useNewsItem } from './news-screen'

/** `/admin/news/new`: writes a draft, then shows it. */
export function NewNewsScreen() {
  const { operator, changed } = useContent()
  return (
    <ContentPage
      title={t('adminContent.news.form.createTitle')}
      lead={t('adminContent.news.form.createLead')}
      trail={[TO_NEWS]}
    >
      {newsAccessOf(operator.role).create ? (
        <FormCard>
          <NewsForm
            cancelPath={NEWS_PATH}
            onSaved={(item) => changed(newsItemPath(item.id), t('adminContent.news.form.created'))}
          />
        </FormCard>
      ) : (
        <NotAllowed />
      )}
    </ContentPage>
  )
}

/** `/admin/news/:newsId/edit`: changes an item's fields, in whatever state, then shows it. */
export function NewsEditScreen({ newsId }: { newsId: string }) {
  const { operator, changed } = useContent()
  const item = useNewsItem(newsId)
  return (
    <ContentPage
      title={t('adminContent.news.form.changeTitle')}
      trail={[TO_NEWS, ...(item.data ? [{ href: newsItemPath(newsId), label: item.data.title }] : [])]}
    >
      {!newsAccessOf(operator.role).change ? (
        <NotAllowed />
      ) : (
        <LoadedOr query={item} failure={t('adminContent.news.item.loadFailed')}>
          {(loaded) => (
            <FormCard warning={loaded.state === 'published' && t('adminContent.news.form.liveWarning')}>
              <NewsForm
                item={loaded}
                cancelPath={newsItemPath(newsId)}
                onSaved={() => changed(newsItemPath(newsId), t('adminContent.form.saved'))}
              />
            </FormCard>
          )}
        </LoadedOr>
      )}
    </ContentPage>
  )
}
