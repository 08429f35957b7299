import { links } from '@puribox/contract/pages'
import { SUPPORT_MAIL_ADDRESS } from '@puribox/contract/support'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { useDynamicLinks } from '../../links/public'
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
 * `/web/machines/information`: the machine list is built by a later issue. Until then the page says
 * what is coming and offers the map of game centres and the seal-ID form, never a 404.
 */
export function MachineListInterimScreen() {
  const shopMap = useDynamicLinks().data?.shopMapUrl ?? links.machineSearchMap
  return (
    <div className="page">
      <PageTitle page={t('interim.machineList.title')} />
      <h1 className="page__title">{t('interim.machineList.title')}</h1>
      <p className="page__lead">{t('interim.machineList.lead')}</p>
      <section className="card stack">
        <a href={shopMap} className="button button--block" target="_blank" rel="noopener noreferrer">
          {t('interim.machineList.map')}
        </a>
        <p className="field-hint">{t('interim.machineList.mapNote')}</p>
        <AppLink href={links.photoGetForm} className="button button--block button--secondary">
          {t('interim.machineList.sealForm')}
        </AppLink>
      </section>
      <Meanwhile />
    </div>
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
