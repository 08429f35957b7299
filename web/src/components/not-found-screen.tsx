import { links } from '@puribox/contract/pages'
import { t } from '../lib/i18n'
import { AppLink } from './app-link'
import { PageTitle } from './page-title'

/**
 * The app's not-found screen: any path the route table does not know (the server normally answers
 * those with its own 404), and a page whose id names nothing (a machine page of no model).
 */
export function NotFoundScreen() {
  return (
    <div className="page">
      <PageTitle page={t('common.notFound.title')} />
      <div className="empty-state">
        <span className="illustration illustration--lost" aria-hidden="true" />
        <h1 className="page__title">{t('common.notFound.title')}</h1>
        <p>{t('common.notFound.body')}</p>
      </div>
      <AppLink href={links.top} className="button button--block">
        {t('common.notFound.backToTop')}
      </AppLink>
    </div>
  )
}
