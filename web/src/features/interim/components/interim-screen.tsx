import { links } from '@puribox/contract/pages'
import { SUPPORT_MAIL_ADDRESS } from '@puribox/contract/support'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { t } from '../i18n'

/** What to do meanwhile, on every interim page: the answers in help, and a mail to support. */
function Meanwhile() {
  const titleId = useId()
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('interim.meanwhile')}
      </h2>
      <AppLink href={links.help} className="button button--block button--secondary">
        {t('interim.help')}
      </AppLink>
      <a href={`mailto:${SUPPORT_MAIL_ADDRESS}`} className="button button--block button--secondary">
        {t('interim.mail')}
      </a>
      <p className="field-hint">{t('interim.mailNote', { address: SUPPORT_MAIL_ADDRESS })}</p>
    </section>
  )
}

/**
 * `/sp/common/inquiry` and `/sp/common/inquiry_puri`: the inquiry form is built by a later issue.
 * Until then the page sends people to help and gives the support mail address.
 */
export function InquiryInterimScreen() {
  return (
    <div className="page">
      <PageTitle page={t('interim.inquiry.title')} />
      <h1 className="page__title">{t('interim.inquiry.title')}</h1>
      <p className="page__lead">{t('interim.inquiry.lead')}</p>
      <Meanwhile />
      <AppLink href={links.top} className="text-link">
        {t('interim.toTop')}
      </AppLink>
    </div>
  )
}
