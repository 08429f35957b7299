import { t } from '../i18n'

const steps = ['mail', 'code', 'password'] as const
export type RegistrationStep = (typeof steps)[number]

/**
 * Where the person is in the three steps of a mail that proves an address: mail registration, or
 * (`flow="reset"`) a password reset.
 */
export function RegistrationSteps({
  current,
  flow = 'register',
}: {
  current: RegistrationStep
  flow?: 'register' | 'reset'
}) {
  const index = steps.indexOf(current)
  return (
    <nav aria-label={t(`auth.${flow}.steps.label`)}>
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
            <span>{t(`auth.${flow}.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  )
}
