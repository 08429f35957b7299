import { t } from '../i18n'

const steps = ['mail', 'code', 'password'] as const
export type RegistrationStep = (typeof steps)[number]

/** Where the person is in the three steps of mail registration. */
export function RegistrationSteps({ current }: { current: RegistrationStep }) {
  const index = steps.indexOf(current)
  return (
    <nav aria-label={t('auth.register.steps.label')}>
      <p className="visually-hidden">
        {t('auth.register.stepOf', { current: index + 1, total: steps.length })}
      </p>
      <ol className="progress-steps">
        {steps.map((step, i) => (
          <li
            key={step}
            className="progress-steps__item"
            data-state={i < index ? 'done' : i === index ? 'current' : 'todo'}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className="progress-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <span>{t(`auth.register.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  )
}
