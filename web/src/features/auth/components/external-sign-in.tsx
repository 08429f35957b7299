import {
  type AgreedPolicy,
  allowedReturnPath,
  CARRIERS,
  externalAuthHref,
} from '@puribox/contract/external-auth'
import { type MouseEvent, type ReactNode, useId } from 'react'
import { t } from '../i18n'

interface ExternalSignInProps {
  /** `login` signs in (an unknown identity registers); `register` registers (a known one signs in). */
  mode: 'login' | 'register'
  /** Where to end afterwards: a path under /sp/ or /web/ (anything else is left out). */
  next?: string
  /**
   * The agreement a registration asks before the buttons send anyone off: `agreed`, the policy
   * versions agreed to, which every link carries (none when nothing is published), or null while
   * the person has not agreed: a tap then calls `onNotAgreed` and goes nowhere.
   */
  agreement?: { agreed: readonly AgreedPolicy[] | null; onNotAgreed: () => void }
  /** Between the title and the buttons: the agreement to make before using them. */
  children?: ReactNode
}

/**
 * Sign-in and registration through LINE, X (Twitter in the code and the spec) or a carrier's ID,
 * LINE first (the first choice in Japan). Plain links: each starts a full-page trip to the auth
 * service and back (decision 0008); cancelling there comes back to the page it started from.
 */
export function ExternalSignIn({ mode, next, agreement, children }: ExternalSignInProps) {
  const titleId = useId()
  const carriersId = useId()
  const back = allowedReturnPath(next) ?? undefined
  const agreed = agreement?.agreed ?? undefined
  const line =
    mode === 'register'
      ? externalAuthHref.lineRegistration(back, agreed)
      : externalAuthHref.lineLogin(back, agreed)
  // Not agreed yet: the buttons stay on this page and point at the agreement instead.
  const onClick =
    agreement && agreement.agreed === null
      ? (event: MouseEvent) => {
          event.preventDefault()
          agreement.onNotAgreed()
        }
      : undefined
  return (
    <section className="external-sign-in" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t(`externalAuth.signIn.title.${mode}`)}
      </h2>
      {children}
      <ul className="external-sign-in__list">
        <li>
          <a
            href={line}
            onClick={onClick}
            className="button button--block external-button external-button--line"
          >
            {t(`externalAuth.signIn.line.${mode}`)}
          </a>
        </li>
        <li>
          <a
            href={externalAuthHref.twitterLogin(back, agreed)}
            onClick={onClick}
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
              href={externalAuthHref.carrier(carrier, back, agreed)}
              onClick={onClick}
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
