import type { InquiryTopic } from '@puribox/contract/inquiry-paths'
import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { PageTitle } from '../../../components/page-title'
import { t } from '../i18n'

/** Help's categories and the inquiry topic their pages' way out opens (decision 0046). */
const CATEGORY_TOPIC: Readonly<Record<string, InquiryTopic>> = {
  'seal-id': 'sealLookup',
  saving: 'photos',
  premium: 'payment',
  cancel: 'withdrawal',
  penalty: 'penalty',
  login: 'login',
  leave: 'leave',
  profile: 'other',
}

/**
 * The way out of every help page: the inquiry page, at the form of the category's topic when the
 * page is of a category (or one of its answers), else at the list of topics.
 */
export function HelpContact({ categoryId }: { categoryId?: string }) {
  const topic = categoryId === undefined ? undefined : CATEGORY_TOPIC[categoryId]
  const titleId = useId()
  return (
    <section className="card card--soft" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('help.contact.title')}
      </h2>
      <p>{t('help.contact.body')}</p>
      <AppLink
        href={topic ? `${links.inquiry}#/input/${topic}` : links.inquiry}
        className="button button--block"
      >
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
