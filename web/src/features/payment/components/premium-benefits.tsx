import { useId } from 'react'
import { t } from '../i18n'

/** What premium gives: every puri, raw ones too, the unsaved ones at once, kept. */
export function PremiumBenefits() {
  const titleId = useId()
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('payment.landing.benefitsTitle')}
      </h2>
      <ul className="benefits">
        <li className="benefits__item">{t('payment.landing.benefits.all')}</li>
        <li className="benefits__item">{t('payment.landing.benefits.raw')}</li>
        <li className="benefits__item">{t('payment.landing.benefits.unsaved')}</li>
        <li className="benefits__item">{t('payment.landing.benefits.kept')}</li>
      </ul>
      <p className="note">{t('payment.landing.free')}</p>
    </section>
  )
}
