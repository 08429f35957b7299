import {
  AUTH_LIMITS,
  normalizeMailAddress,
  PASSWORD_RESET_LIMITS,
  passwordProblem,
} from '@puribox/contract/auth'
import { links } from '@puribox/contract/pages'
import { loginPath, passwordResetPath } from '@puribox/contract/registration-paths'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { type ReactNode, useCallback, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { Form, FormProblemNotice, SubmitButton } from '../../../components/form/form'
import { PasswordField } from '../../../components/form/password-field'
import { TextField } from '../../../components/form/text-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { PageTitle } from '../../../components/page-title'
import type { ClientErrorCode } from '../../../lib/api-client'
import { errorCodeOf, retryAfterOf } from '../../../lib/error-message'
import { browserPage } from '../../../lib/page-navigation'
import auth from '../../../locales/ja/auth.json'
import {
  afterSignInUrl,
  useAccountStatusChanged,
  useRequestPasswordReset,
  useVerifyPasswordResetLink,
} from '../api/auth'
import { t } from '../i18n'
import { messageWithWait } from '../wait-time'
import { formatExpiry, MailCodeStep, MailLinkCheck, readCode } from './mail-code-step'
import { RegistrationSteps } from './registration-steps'
import '../auth.css'

/** Codes after which this reset is over: only a new mail helps (or, once used, signing in). */
const DEAD_ENDS = new Set([
  'PASSWORD_RESET_EXPIRED',
  'PASSWORD_RESET_LOCKED',
  'PASSWORD_RESET_NOT_FOUND',
  'PASSWORD_RESET_USED',
])

/** What the page knows from its address: the reset, the address it went to, where to go after. */
interface Step {
  resetId: string
  mailAddress: string
  next: string | null
}

/** A used reset: the password is already new, so the way on is signing in. */
function ToLogin({ next }: { next: string | null }) {
  return (
    <AppLink href={next ? loginPath(next) : links.login} className="button button--block button--secondary">
      {t('auth.reset.toLogin')}
    </AppLink>
  )
}

/** A reset that cannot go on: why, and the way on (a new mail, or signing in after a used one). */
function DeadEnd({ step, message, used }: { step: Omit<Step, 'resetId'>; message: string; used: boolean }) {
  return (
    <section className="card stack">
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      {used ? (
        <ToLogin next={step.next} />
      ) : (
        <AppLink
          href={passwordResetPath({ mailAddress: step.mailAddress, next: step.next })}
          className="button button--block"
        >
          {t('auth.reset.link.restart')}
        </AppLink>
      )}
    </section>
  )
}

/** Step 1: the address the reset mail goes to. The same answer whether or not it has an account. */
function RequestForm({ typed, next }: { typed: string; next: string | null }) {
  const [, navigate] = useLocation()
  const send = useContractForm({
    route: 'requestPasswordReset',
    fields: ['mailAddress'],
    request: (values) => {
      const text = values.text('mailAddress')
      const mailAddress = normalizeMailAddress(text)
      if (mailAddress) return { input: { body: { mailAddress } } }
      const problem = text.trim() === '' ? 'empty' : 'malformed'
      return { errors: { mailAddress: t(`auth.reset.request.errors.${problem}`) } }
    },
    messages: (code, _values, retryAfterSeconds) =>
      messageWithWait(auth.reset.request.errors, code, retryAfterSeconds),
    fieldOf: 'mailAddress',
    onSuccess: (sent) => navigate(passwordResetPath({ ...sent, next })),
  })

  return (
    <>
      <section className="card">
        <p>{t('auth.reset.request.lead')}</p>
        <Form form={send} className="stack">
          <TextField
            {...send.field('mailAddress')}
            label={t('auth.reset.request.mailLabel')}
            hint={t('auth.register.mailHint')}
            type="email"
            defaultValue={typed}
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={AUTH_LIMITS.mailAddressMax}
          />
          <SubmitButton pending={send.pending} pendingLabel={t('auth.reset.request.sending')}>
            {t('auth.reset.request.send')}
          </SubmitButton>
        </Form>
      </section>
      <section className="card card--soft stack">
        <h2 className="card__title">{t('auth.reset.request.otherWaysTitle')}</h2>
        <p>{t('auth.reset.request.otherWays')}</p>
        <ToLogin next={next} />
      </section>
    </>
  )
}

/** Step 2 by the code: six digits from the mail. */
function CodeForm({ step, expireDate }: { step: Step; expireDate: string | null }) {
  const [, navigate] = useLocation()
  const resend = useRequestPasswordReset()
  const [deadEnd, setDeadEnd] = useState<ClientErrorCode | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const expiry = formatExpiry(expireDate)
  const verify = useContractForm({
    route: 'verifyPasswordResetCode',
    fields: ['code'],
    request: (values) => {
      const typed = readCode(values)
      if ('errors' in typed) return typed
      return { input: { body: { resetId: step.resetId, code: typed.code } } }
    },
    messages: (code, _values, retryAfterSeconds) =>
      messageWithWait(auth.reset.code.errors, code, retryAfterSeconds),
    fieldOf: 'code',
    selectOnError: 'code',
    onSuccess: (verified) =>
      navigate(passwordResetPath({ ...verified, step: 'password', next: step.next }), { replace: true }),
    onError: ({ code }) => {
      setDeadEnd(DEAD_ENDS.has(code) ? code : null)
      return false
    },
  })

  function onResend() {
    resend.mutate(step.mailAddress, {
      onSuccess: (sent) => {
        verify.reset()
        setDeadEnd(null)
        if (inputRef.current) inputRef.current.value = ''
        navigate(passwordResetPath({ ...sent, next: step.next }), { replace: true })
      },
    })
  }

  const notes = [t('auth.reset.code.attempts', { attempts: PASSWORD_RESET_LIMITS.codeAttempts })]
  if (expiry) {
    notes.unshift(t('auth.reset.code.expires', { time: expiry, minutes: PASSWORD_RESET_LIMITS.minutes }))
  }
  return (
    <MailCodeStep
      form={verify}
      inputRef={inputRef}
      mailAddress={step.mailAddress}
      notes={notes}
      deadEnd={deadEnd !== null}
      resend={{
        pending: resend.isPending,
        sent: resend.isSuccess,
        problem: resend.isError
          ? messageWithWait(auth.reset.request.errors, errorCodeOf(resend.error), retryAfterOf(resend.error))
          : null,
        send: onResend,
      }}
      changeMailHref={passwordResetPath({ mailAddress: step.mailAddress, next: step.next })}
    >
      {deadEnd === 'PASSWORD_RESET_USED' && <ToLogin next={step.next} />}
    </MailCodeStep>
  )
}

/** Step 2 by the link in the mail, in any browser: proves the reset here, then on to the password. */
function LinkCheck({ step, token }: { step: Step; token: string }) {
  const [, navigate] = useLocation()
  const verify = useVerifyPasswordResetLink()
  const { mutate } = verify
  const check = useCallback(
    () =>
      mutate(
        { resetId: step.resetId, token },
        {
          // The token leaves the address bar (and the history) as soon as it has been used.
          onSuccess: (verified) =>
            navigate(passwordResetPath({ ...verified, step: 'password', next: step.next }), {
              replace: true,
            }),
        },
      ),
    [mutate, step, token, navigate],
  )
  const code = errorCodeOf(verify.error)
  const failed = verify.isError && (
    <DeadEnd
      step={step}
      message={messageWithWait(auth.reset.link.errors, code, retryAfterOf(verify.error))}
      used={code === 'PASSWORD_RESET_USED'}
    />
  )
  return <MailLinkCheck check={check} failed={failed} />
}

/** Step 3: the new password. Success signs this browser in; the other sessions are gone. */
function PasswordForm({ step }: { step: Step }) {
  const [, navigate] = useLocation()
  const accountChanged = useAccountStatusChanged()
  const [stopped, setStopped] = useState<ClientErrorCode | null>(null)
  const save = useContractForm({
    route: 'resetPassword',
    fields: ['password'],
    request: (values) => {
      const password = values.text('password')
      const found = passwordProblem(password, step.mailAddress)
      if (found) return { errors: { password: t(`auth.password.problems.${found}`) } }
      return { input: { body: { resetId: step.resetId, password } } }
    },
    messages: auth.reset.password.errors,
    fieldOf: { PASSWORD_INVALID: 'password' },
    onSuccess: (status) => {
      accountChanged(status)
      navigate(passwordResetPath({ step: 'done', next: step.next }), { replace: true })
    },
    onError: ({ code }) => {
      setStopped(DEAD_ENDS.has(code) || code === 'PASSWORD_RESET_INCOMPLETE' ? code : null)
      return false
    },
  })

  let wayOn: ReactNode = null
  if (stopped === 'PASSWORD_RESET_USED') wayOn = <ToLogin next={step.next} />
  else if (stopped === 'PASSWORD_RESET_INCOMPLETE') {
    wayOn = (
      <AppLink href={passwordResetPath({ ...step })} className="button button--block button--secondary">
        {t('auth.reset.password.toCode')}
      </AppLink>
    )
  } else if (stopped) {
    wayOn = (
      <AppLink
        href={passwordResetPath({ mailAddress: step.mailAddress, next: step.next })}
        className="button button--block button--secondary"
      >
        {t('auth.reset.link.restart')}
      </AppLink>
    )
  }

  return (
    <section className="card">
      <h2 className="card__title">{t('auth.reset.password.title')}</h2>
      <p>
        <strong>{t('auth.reset.password.for', { mailAddress: step.mailAddress })}</strong>
      </p>
      <p>{t('auth.reset.password.lead')}</p>
      <Form form={save} className="stack">
        {/* For password managers: the account this password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={step.mailAddress} readOnly />
        <PasswordField
          {...save.field('password')}
          label={t('auth.reset.password.label')}
          hint={t('auth.password.hint')}
          autoComplete="new-password"
          maxLength={AUTH_LIMITS.passwordMax + 8}
        />
        <FormProblemNotice problem={save.problem}>{wayOn}</FormProblemNotice>
        <SubmitButton
          pending={save.pending}
          pendingLabel={t('auth.reset.password.submitting')}
          disabled={stopped !== null}
        >
          {t('auth.reset.password.submit')}
        </SubmitButton>
      </Form>
    </section>
  )
}

/** Done: signed in with the new password; on to where the person was going. */
function Done({ next }: { next: string | null }) {
  return (
    <section className="card stack">
      <div className="stack" role="status">
        <h2 className="card__title">{t('auth.reset.done.title')}</h2>
        <p>{t('auth.reset.done.lead')}</p>
      </div>
      <p className="field-hint">{t('auth.reset.done.mail')}</p>
      <button
        type="button"
        className="button button--block"
        onClick={() => browserPage.load(afterSignInUrl('login', next))}
      >
        {t('auth.reset.done.continue')}
      </button>
    </section>
  )
}

/**
 * `/web/login/password_reset` (decision 0035): the address; `?resetId&mailAddress&expireDate` the
 * code; the mail's link adds `&token` (checked at once, then dropped from the address bar);
 * `&step=password` the new password; `?step=done` the end. `next` is kept throughout.
 */
export function PasswordResetScreen() {
  const [searchParams] = useSearchParams()
  const next = sameOriginPath(searchParams.get('next'))
  const resetId = searchParams.get('resetId') ?? ''
  const token = searchParams.get('token')
  const requested = searchParams.get('step')
  const mailAddress = searchParams.get('mailAddress') ?? ''
  const step: Step = { resetId, mailAddress, next }
  const knownReset = /^[0-9a-f-]{36}$/.test(resetId)

  let current: 'mail' | 'code' | 'password' = 'mail'
  let body: ReactNode
  if (requested === 'done') {
    current = 'password'
    body = <Done next={next} />
  } else if (!resetId) {
    body = <RequestForm typed={mailAddress} next={next} />
  } else if (!knownReset) {
    current = 'code'
    body = <DeadEnd step={step} message={t('auth.reset.code.errors.PASSWORD_RESET_NOT_FOUND')} used={false} />
  } else if (token) {
    current = 'code'
    body = <LinkCheck step={step} token={token} />
  } else if (requested === 'password') {
    current = 'password'
    body = <PasswordForm step={step} />
  } else {
    current = 'code'
    body = <CodeForm step={step} expireDate={searchParams.get('expireDate')} />
  }

  return (
    <div className="page">
      <PageTitle page={t('auth.reset.title')} />
      <h1 className="page__title">{t('auth.reset.title')}</h1>
      <RegistrationSteps current={current} flow="reset" />
      {body}
    </div>
  )
}
