import { allowedReturnPath, CARRIERS, externalAuthHref } from '@puribox/contract/external-auth'
import { useId } from 'react'
import { t } from '../i18n'

interface ExternalSignInProps {
  /** `login` signs in (an unknown identity registers); `register` registers (a known one signs in). */
  mode: 'login' | 'register'
  /** Where to end afterwards: a path under /sp/ or /web/ (anything else is left out). */
  next?: string
}

/**
 * Sign-in and registration through LINE, X (Twitter in the code and the spec) or a carrier's ID,
 * LINE first (the first choice in Japan). Plain links: each starts a full-page trip to the auth
 * service and back (decision 0008); cancelling there comes back to the page it started from.
 */
export function ExternalSignIn({ mode, next }: ExternalSignInProps) {
  const titleId = useId()
  const carriersId = useId()
  const back = allowedReturnPath(next) ?? undefined
  const line =
    mode === 'register' ? externalAuthHref.lineRegistration(back) : externalAuthHref.lineLogin(back)
  return (
    <section className="external-sign-in" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t(`externalAuth.signIn.title.${mode}`)}
      </h2>
      <ul className="external-sign-in__list">
        <li>
          <a href={line} className="button button--block external-button external-button--line">
            {t(`externalAuth.signIn.line.${mode}`)}
          </a>
        </li>
        <li>
          <a
            href={externalAuthHref.twitterLogin(back)}
            className="button button--block external-button external-button--twitter"
          >
            {t(`externalAuth.signIn.twitter.${mode}`)}
          </a>
        </li>
      </ul>
      <p id={carriersId} className="external-sign-in__carrier-title">
        {t('externalAuth.signIn.carrierTitle')}
      </p>
      <ul className="external-sign-in__carriers" aria-labelledby={carriersId}>
        {CARRIERS.map((carrier) => (
          <li key={carrier}>
            <a
              href={externalAuthHref.carrier(carrier, back)}
              className={`button button--block external-button external-button--${carrier}`}
            >
              {t(`externalAuth.signIn.carrier.${mode}`, { provider: t(`externalAuth.providers.${carrier}`) })}
            </a>
          </li>
        ))}
      </ul>
      <p className="note">{t(`externalAuth.signIn.note.${mode}`)}</p>
    </section>
  )
}
