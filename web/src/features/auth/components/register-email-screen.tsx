import { AUTH_LIMITS, normalizeMailAddress } from '@puribox/contract/auth'
import { links } from '@puribox/contract/pages'
import { loginPath, mailSentPath } from '@puribox/contract/registration-paths'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { type FormEvent, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { errorMessage, messageForCode } from '../../../lib/error-message'
import auth from '../../../locales/ja/auth.json'
import { useAccountSelf } from '../../account/api/get-account-self'
import { useSendVerificationMail, useStartMailVerification } from '../api/auth'
import { t } from '../i18n'
import { ExternalSignIn } from './external-sign-in'
import { RegistrationSteps } from './registration-steps'
import { TextField } from './text-field'

/**
 * `/sp/account/register_email`: free registration, step 1 — the mail address. The code arrives by
 * mail and is entered on `/sp/account/registerMailSent`. Without JavaScript (or before it has
 * loaded on a weak signal) the form posts to the server's form variant, which comes back here with
 * `?error=` and the typed address when something is wrong.
 */
export function RegisterEmailScreen() {
  const [searchParams] = useSearchParams()
  const [, navigate] = useLocation()
  const next = sameOriginPath(searchParams.get('next'))
  const viewer = useAccountSelf().data
  // A member comes here to add an address (an account made by LINE has none) or to change it.
  const member = viewer !== undefined && viewer.membershipStatus !== 'GUEST'
  const sendForRegistration = useSendVerificationMail()
  const sendForMember = useStartMailVerification()
  const send = member ? sendForMember : sendForRegistration
  const serverError = searchParams.get('error')
  const [problem, setProblem] = useState<string | null>(
    serverError ? messageForCode(serverError, auth.register.errors) : null,
  )
  const inputRef = useRef<HTMLInputElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = inputRef.current?.value ?? ''
    const mailAddress = normalizeMailAddress(typed)
    if (!mailAddress) {
      setProblem(t(typed.trim() === '' ? 'auth.register.errors.empty' : 'auth.register.errors.malformed'))
      inputRef.current?.focus()
      return
    }
    setProblem(null)
    send.mutate(mailAddress, {
      onSuccess: (sent) =>
        navigate(
          mailSentPath({
            verificationId: sent.verificationId,
            mailAddress: sent.mailAddress,
            expireDate: sent.expireDate,
            next,
          }),
        ),
      onError: (error) => {
        setProblem(errorMessage(error, auth.register.errors))
        inputRef.current?.focus()
      },
    })
  }

  const title = member ? t('auth.register.memberTitle') : t('auth.register.title')
  return (
    <div className="page">
      <PageTitle page={title} />
      <h1 className="page__title">{title}</h1>
      <RegistrationSteps current="mail" />
      <section className="card">
        <p>{member ? t('auth.register.memberLead') : t('auth.register.lead')}</p>
        <form
          className="stack"
          method="post"
          action={member ? undefined : '/sp/account/send_register_mail_from_form'}
          noValidate
          onSubmit={onSubmit}
          aria-busy={send.isPending}
        >
          <TextField
            inputRef={inputRef}
            label={t('auth.register.mailLabel')}
            hint={t('auth.register.mailHint')}
            error={problem}
            type="email"
            name="mailAddress"
            defaultValue={searchParams.get('mailAddress') ?? ''}
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={AUTH_LIMITS.mailAddressMax}
          />
          {next && <input type="hidden" name="next" value={next} />}
          {!member && (
            <p className="field-hint">
              {t('auth.register.agreement')} <AppLink href={links.terms}>{t('auth.register.terms')}</AppLink>
              {' / '}
              <AppLink href={links.privacyPolicy}>{t('auth.register.privacyPolicy')}</AppLink>
            </p>
          )}
          <button type="submit" className="button button--block" disabled={send.isPending}>
            {send.isPending ? t('auth.register.sending') : t('auth.register.send')}
          </button>
        </form>
      </section>
      {!member && (
        <section className="card">
          <ExternalSignIn mode="register" next={next ?? undefined} />
        </section>
      )}
      {!member && (
        <section className="card card--soft">
          <h2 className="card__title">{t('auth.register.haveAccount')}</h2>
          <AppLink
            href={next ? loginPath(next) : links.login}
            className="button button--block button--secondary"
          >
            {t('auth.register.toLogin')}
          </AppLink>
        </section>
      )}
    </div>
  )
}
