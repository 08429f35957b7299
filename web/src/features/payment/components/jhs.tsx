import { useId } from 'react'
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
