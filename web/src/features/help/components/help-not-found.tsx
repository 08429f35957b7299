import { links } from '@puribox/contract/pages'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { t } from '../i18n'
import { HelpContact } from './help-contact'

/** An id that is not in the help (mistyped, or removed since): a page of help, not an error page. */
export function HelpNotFound({ kind }: { kind: 'category' | 'answer' }) {
  const title = t(`help.notFound.${kind}`)
  return (
    <div className="page">
      <PageTitle page={title} />
      <div className="empty-state">
        <span className="illustration illustration--lost" aria-hidden="true" />
        <h1 className="page__title">{title}</h1>
        <p>{t('help.notFound.body')}</p>
      </div>
      <AppLink href={links.help} className="button button--block">
        {t('help.notFound.toTop')}
      </AppLink>
      <HelpContact />
    </div>
  )
}
