import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { t } from '../i18n'
import { fullDate } from '../payment-text'

/**
 * What a junior-high free premium member has, on the pages about paying (decision 0047): premium's
 * features until the end of the third school year, nothing to buy and nothing to cancel.
 */
export function JhsPremiumStatus({ until }: { until: string | null | undefined }) {
  const titleId = useId()
  const lastDay = fullDate(until)
  return (
    <section className="card" aria-labelledby={titleId} data-testid="jhs-premium-status">
      <h2 id={titleId} className="card__title">
        {t('payment.jhs.title')}
      </h2>
      <p>{lastDay ? t('payment.jhs.until', { date: lastDay }) : t('payment.jhs.untilUnknown')}</p>
      <p>{t('payment.jhs.nothingToPay')}</p>
    </section>
  )
}

/** On the premium page, for a pupil who would otherwise pay: the free plan and where to apply. */
export function JhsFreeOffer() {
  return (
    <p className="note">
      {t('payment.jhs.offer')}{' '}
      <AppLink href={`${links.jhsFree}?from=payment#/lp`} className="text-link">
        {t('payment.jhs.offerLink')}
      </AppLink>
    </p>
  )
}
