import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { PageTitle } from '../../../components/page-title'
import { t } from '../i18n'

/** The way out of every help page: the inquiry page. */
export function HelpContact() {
  const titleId = useId()
  return (
    <section className="card card--soft" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('help.contact.title')}
      </h2>
      <p>{t('help.contact.body')}</p>
      <AppLink href={links.inquiry} className="button button--block">
        {t('help.contact.action')}
      </AppLink>
    </section>
  )
}

/** A help page whose help could not be read: what happened, a retry, and the way out. */
export function HelpLoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="page">
      <PageTitle page={t('help.title')} />
      <h1 className="page__title">{t('help.title')}</h1>
      <LoadFailure error={error} title={t('help.loadFailed')} onRetry={onRetry} />
      <HelpContact />
    </div>
  )
}
