import type { InquiryTopic } from '@puribox/contract/inquiry-paths'
import { links } from '@puribox/contract/pages'
import { AU_TRIAL_DAYS, PREMIUM_PRICE_YEN } from '@puribox/contract/payments'
import type { ReactNode } from 'react'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { OtherDocuments } from '../../information/public'
import { t, withWholePrices } from '../i18n'
import '../payment.css'

/**
 * `/web/common/information/commercialLaw`: the notice Japan's Specified Commercial Transactions Act
 * asks of a seller online (the tokusho notice), for premium.
 */
export function CommercialLawScreen() {
  const mail = t('payment.commercialLaw.mail')
  const rows: { name: string; value: ReactNode }[] = [
    { name: t('payment.commercialLaw.rows.seller'), value: t('payment.commercialLaw.seller') },
    { name: t('payment.commercialLaw.rows.manager'), value: t('payment.commercialLaw.onRequest') },
    { name: t('payment.commercialLaw.rows.address'), value: t('payment.commercialLaw.onRequest') },
    {
      name: t('payment.commercialLaw.rows.phone'),
      value: (
        <>
          <p>{t('payment.commercialLaw.onRequest')}</p>
          <p className="note">{t('payment.commercialLaw.phoneNote')}</p>
        </>
      ),
    },
    {
      name: t('payment.commercialLaw.rows.mail'),
      value: (
        <>
          <p>
            <a href={`mailto:${mail}`}>{mail}</a>
          </p>
          <AppLink href={`${links.inquiry}#/input/${'payment' satisfies InquiryTopic}`} className="text-link">
            {t('payment.commercialLaw.inquiry')}
          </AppLink>
        </>
      ),
    },
    {
      name: t('payment.commercialLaw.rows.price'),
      value: (
        <>
          <p>{withWholePrices(t('payment.commercialLaw.price', { price: PREMIUM_PRICE_YEN }))}</p>
          <p>
            {withWholePrices(
              t('payment.commercialLaw.trialPrice', { days: AU_TRIAL_DAYS, price: PREMIUM_PRICE_YEN }),
            )}
          </p>
        </>
      ),
    },
    { name: t('payment.commercialLaw.rows.otherFees'), value: t('payment.commercialLaw.otherFees') },
    { name: t('payment.commercialLaw.rows.method'), value: t('payment.commercialLaw.method') },
    {
      name: t('payment.commercialLaw.rows.timing'),
      value: (
        <>
          <p>{t('payment.commercialLaw.timing.CREDIT')}</p>
          <p>{t('payment.commercialLaw.timing.carrier')}</p>
          <p>{t('payment.commercialLaw.timing.trial')}</p>
        </>
      ),
    },
    { name: t('payment.commercialLaw.rows.delivery'), value: t('payment.commercialLaw.delivery') },
    {
      name: t('payment.commercialLaw.rows.cancel'),
      value: (
        <>
          <p>{t('payment.commercialLaw.cancel.anytime')}</p>
          <p>{t('payment.commercialLaw.cancel.period')}</p>
          <p>{t('payment.commercialLaw.cancel.trial')}</p>
          <p>{t('payment.commercialLaw.cancel.digital')}</p>
        </>
      ),
    },
    { name: t('payment.commercialLaw.rows.environment'), value: t('payment.commercialLaw.environment') },
  ]
  return (
    <div className="page">
      <PageTitle page={t('payment.commercialLaw.title')} />
      <h1 className="page__title">{t('payment.commercialLaw.title')}</h1>
      <p className="page__lead">{t('payment.commercialLaw.lead')}</p>
      <dl className="card law-list">
        {rows.map((row) => (
          <div key={row.name}>
            <dt>{row.name}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <OtherDocuments current="commercialLaw" />
    </div>
  )
}
