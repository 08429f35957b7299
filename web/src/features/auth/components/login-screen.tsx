import { AUTH_LIMITS, LAST_SIGN_IN_COOKIE, type SignInMethod, signInMethods } from '@puribox/contract/auth'
import { links } from '@puribox/contract/pages'
import { passwordResetPath, registerEmailPath } from '@puribox/contract/registration-paths'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { useState } from 'react'
import { useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { Form, FormProblemNotice, SubmitButton } from '../../../components/form/form'
import { PasswordField } from '../../../components/form/password-field'
import { TextField } from '../../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../../components/form/use-contract-form'
import { PageTitle } from '../../../components/page-title'
import { ApiError } from '../../../lib/api-client'
import { browserPage, useGoTo } from '../../../lib/page-navigation'
import auth from '../../../locales/ja/auth.json'
import { useAccountSelf } from '../../account/api/get-account-self'
import { afterSignInUrl } from '../api/auth'
import { t } from '../i18n'
import { ExternalSignIn } from './external-sign-in'
import '../auth.css'

function lastSignInMethod(): SignInMethod | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LAST_SIGN_IN_COOKIE}=([^;]*)`))
  const value = match?.[1]
  return (signInMethods as readonly string[]).includes(value ?? '') ? (value as SignInMethod) : null
}

/** The page that tells a suspended account so, with why when the answer said (a code it checks). */
function suspendedPath(penaltyReason: unknown): string {
  const query = new URLSearchParams({ reason: 'ACCOUNT_SUSPENDED' })
  if (typeof penaltyReason === 'string') query.set('penaltyReason', penaltyReason)
  return `${links.loginFail}?${query}`
}

/**
 * `/web/login/top`: sign in with LINE, X or a carrier's ID first (what most people in Japan use),
 * then with mail address and password (`?next=` a same-origin path to go on to).
 */
export function LoginScreen() {
  const [searchParams] = useSearchParams()
  const next = sameOriginPath(searchParams.get('next'))
  const viewer = useAccountSelf().data
  const [lastMethod] = useState(lastSignInMethod)
  const goTo = useGoTo()
  const login = useContractForm({
    route: 'login',
    fields: ['mailAddress', 'password'],
    request: (values) => {
      const mailAddress = values.text('mailAddress').trim()
      const password = values.text('password')
      const errors: FieldErrors<'mailAddress' | 'password'> = {}
      if (mailAddress === '') errors.mailAddress = t('auth.login.errors.emptyMail')
      if (password === '') errors.password = t('auth.login.errors.emptyPassword')
      return errors.mailAddress || errors.password
        ? { errors }
        : { input: { body: { mailAddress, password } } }
    },
    messages: auth.login.errors,
    selectOnError: 'password',
    // A suspended account goes to the page that says so, and why.
    onError: (problem, error) => {
      if (problem.code !== 'ACCOUNT_SUSPENDED') return false
      goTo(suspendedPath(error instanceof ApiError ? error.details.penaltyReason : undefined))
      return true
    },
    onSuccess: () => browserPage.load(afterSignInUrl('login', next)),
  })

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
      {lastMethod && (
        <p className="field-hint">{t('auth.login.lastUsed', { method: t(`auth.methods.${lastMethod}`) })}</p>
      )}
      <section className="card">
        <ExternalSignIn mode="login" next={next ?? undefined} />
      </section>
      <section className="card">
        <h2 className="section-title">{t('auth.login.mailTitle')}</h2>
        <p>{t('auth.login.lead')}</p>
        <Form form={login} className="stack">
          <TextField
            {...login.field('mailAddress')}
            label={t('auth.login.mailLabel')}
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={AUTH_LIMITS.mailAddressMax}
          />
          <PasswordField
            {...login.field('password')}
            label={t('auth.login.passwordLabel')}
            autoComplete="current-password"
            maxLength={AUTH_LIMITS.passwordMax}
          />
          <FormProblemNotice problem={login.problem} />
          <SubmitButton pending={login.pending} pendingLabel={t('auth.login.submitting')}>
            {t('auth.login.submit')}
          </SubmitButton>
        </Form>
        <AppLink href={passwordResetPath({ next })} className="text-link">
          {t('auth.login.forgot')}
        </AppLink>
      </section>
      <section className="card card--soft">
        <h2 className="card__title">{t('auth.login.noAccount')}</h2>
        <p>{t('auth.login.registerFree')}</p>
        <AppLink href={registerEmailPath({ next })} className="button button--block button--secondary">
          {t('auth.login.toRegister')}
        </AppLink>
      </section>
    </div>
  )
}
