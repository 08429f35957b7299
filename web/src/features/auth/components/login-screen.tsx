import { AUTH_LIMITS, LAST_SIGN_IN_COOKIE, type SignInMethod, signInMethods } from '@puribox/contract/auth'
import { links } from '@puribox/contract/pages'
import { registerEmailPath } from '@puribox/contract/registration-paths'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { type FormEvent, useRef, useState } from 'react'
import { useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { errorMessage } from '../../../lib/error-message'
import { browserPage } from '../../../lib/page-navigation'
import auth from '../../../locales/ja/auth.json'
import { useAccountSelf } from '../../account/api/get-account-self'
import { afterSignInUrl, useLogin } from '../api/auth'
import { t } from '../i18n'
import { ExternalSignIn } from './external-sign-in'
import { PasswordField, TextField } from './text-field'

interface Problems {
  mail?: string
  password?: string
  form?: string
}

function lastSignInMethod(): SignInMethod | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LAST_SIGN_IN_COOKIE}=([^;]*)`))
  const value = match?.[1]
  return (signInMethods as readonly string[]).includes(value ?? '') ? (value as SignInMethod) : null
}

/** `/web/login/top`: sign in with mail address and password (`?next=` a same-origin path to go on to). */
export function LoginScreen() {
  const [searchParams] = useSearchParams()
  const next = sameOriginPath(searchParams.get('next'))
  const viewer = useAccountSelf().data
  const login = useLogin()
  const [problems, setProblems] = useState<Problems>({})
  const [lastMethod] = useState(lastSignInMethod)
  const mailRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const mailAddress = mailRef.current?.value.trim() ?? ''
    const password = passwordRef.current?.value ?? ''
    const found: Problems = {}
    if (mailAddress === '') found.mail = t('auth.login.errors.emptyMail')
    if (password === '') found.password = t('auth.login.errors.emptyPassword')
    setProblems(found)
    if (found.mail) return mailRef.current?.focus()
    if (found.password) return passwordRef.current?.focus()

    login.mutate(
      { mailAddress, password },
      {
        onSuccess: () => browserPage.load(afterSignInUrl('login', next)),
        onError: (error) => {
          setProblems({ form: errorMessage(error, auth.login.errors) })
          passwordRef.current?.select()
        },
      },
    )
  }

  const signedIn = viewer && viewer.membershipStatus !== 'GUEST'
  return (
    <div className="page">
      <PageTitle page={t('auth.login.title')} />
      <h1 className="page__title">{t('auth.login.title')}</h1>
      {signedIn && (
        <div className="notice">
          <p>{t('auth.login.signedInAlready')}</p>
          <AppLink href={links.mypage} className="text-link">
            {t('auth.login.toMypage')}
          </AppLink>
        </div>
      )}
      <section className="card">
        <p>{t('auth.login.lead')}</p>
        {lastMethod && (
          <p className="field-hint">
            {t('auth.login.lastUsed', { method: t(`auth.methods.${lastMethod}`) })}
          </p>
        )}
        <form className="stack" noValidate onSubmit={onSubmit} aria-busy={login.isPending}>
          <TextField
            inputRef={mailRef}
            label={t('auth.login.mailLabel')}
            type="email"
            name="mailAddress"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={AUTH_LIMITS.mailAddressMax}
            error={problems.mail}
          />
          <PasswordField
            inputRef={passwordRef}
            label={t('auth.login.passwordLabel')}
            name="password"
            autoComplete="current-password"
            maxLength={AUTH_LIMITS.passwordMax}
            error={problems.password}
          />
          {problems.form && (
            <p className="notice notice--error" role="alert">
              {problems.form}
            </p>
          )}
          <button type="submit" className="button button--block" disabled={login.isPending}>
            {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
          </button>
        </form>
        <AppLink href={links.inquiry} className="text-link">
          {t('auth.login.forgot')}
        </AppLink>
      </section>
      <section className="card">
        <ExternalSignIn mode="login" next={next ?? undefined} />
      </section>
      <section className="card card--soft">
        <h2 className="card__title">{t('auth.login.noAccount')}</h2>
        <AppLink href={registerEmailPath({ next })} className="button button--block button--secondary">
          {t('auth.login.toRegister')}
        </AppLink>
      </section>
    </div>
  )
}
