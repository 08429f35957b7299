import { useId } from 'react'
import { t } from '../../../lib/i18n'
import '../top.css'

const steps = ['shoot', 'enter', 'keep'] as const

/** The three steps from booth to phone. */
export function HowItWorks() {
  const titleId = useId()
  return (
    <section className="how-it-works" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('top.steps.title')}
      </h2>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step} className="steps__item">
            <h3 className="steps__title">{t(`top.steps.${step}.title`)}</h3>
            <p>{t(`top.steps.${step}.body`)}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
