import { useId } from 'react'
import { t } from '../i18n'

/** What cancelling does and does not do: premium to the end of the paid period, pictures kept. */
export function PremiumAfterCancel() {
  const titleId = useId()
  return (
    <section className="card card--soft" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('payment.cancel.about.title')}
      </h2>
      <ul className="tips">
        <li>{t('payment.cancel.about.period')}</li>
        <li>{t('payment.cancel.about.refund')}</li>
        <li>{t('payment.cancel.about.pictures')}</li>
        <li>{t('payment.cancel.about.after')}</li>
      </ul>
    </section>
  )
}
