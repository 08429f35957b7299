import { AUTH_LIMITS, passwordProblem } from '@puribox/contract/auth'
import { links } from '@puribox/contract/pages'
import { mailSentPath, registerEmailPath } from '@puribox/contract/registration-paths'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { errorCodeOf, errorMessage } from '../../../lib/error-message'
import { browserPage } from '../../../lib/page-navigation'
import auth from '../../../locales/ja/auth.json'
import { useAccountSelf } from '../../account/api/get-account-self'
import {
  afterSignInUrl,
  useRegister,
  useRegisterMailAddress,
  useSendVerificationMail,
  useStartMailVerification,
  useVerifyCode,
  useVerifyLink,
} from '../api/auth'
import { t } from '../i18n'
import { RegistrationSteps } from './registration-steps'
import { PasswordField, TextField } from './text-field'

/** Codes after which this verification is over: only a new mail helps. */
const DEAD_ENDS = new Set(['VERIFICATION_EXPIRED', 'VERIFICATION_NOT_FOUND'])

function formatExpiry(expireDate: string | null): string | null {
  // The API answers Japan time as `YYYY-MM-DDTHH:mm:ss`; people read "HH:mm".
  const match = expireDate?.match(/T(\d{2}):(\d{2})/)
  return match ? `${match[1]}:${match[2]}` : null
}

interface Step {
  verificationId: string
  mailAddress: string
  next: string | null
  /** A signed-in member adding or changing the address (not a registration). */
  member: boolean
}

/** After the address is proved: a password to choose, or (a member with one) a confirmation. */
function provedPath(step: Step, verified: { mailAddress: string; passwordRequired: boolean }): string {
  return mailSentPath({
    ...step,
    mailAddress: verified.mailAddress,
    step: verified.passwordRequired ? 'password' : 'confirm',
  })
}

function Restart({ step, message }: { step: Pick<Step, 'mailAddress' | 'next'>; message: string }) {
  return (
    <section className="card stack">
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      <AppLink href={registerEmailPath(step)} className="button button--block">
        {t('auth.link.restart')}
      </AppLink>
    </section>
  )
}

/** Step 2 by the link in the mail: proves the address for this browser, then on to the password. */
function LinkCheck({ step, token }: { step: Step; token: string }) {
  const [, navigate] = useLocation()
  const verify = useVerifyLink()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    verify.mutate(
      { verificationId: step.verificationId, token },
      {
        // The token leaves the address bar (and the history) as soon as it has been used.
        onSuccess: (verified) => navigate(provedPath(step, verified), { replace: true }),
      },
    )
  }, [verify, step, token, navigate])

  if (verify.isError) return <Restart step={step} message={errorMessage(verify.error, auth.link.errors)} />
  return <LoadingState label={t('auth.link.checking')} />
}

/** Step 2 by the code: six digits from the mail. */
function CodeForm({ step, expireDate }: { step: Step; expireDate: string | null }) {
  const [, navigate] = useLocation()
  const verify = useVerifyCode()
  const resendForRegistration = useSendVerificationMail()
  const resendForMember = useStartMailVerification()
  const resend = step.member ? resendForMember : resendForRegistration
  const [problem, setProblem] = useState<string | null>(null)
  const [deadEnd, setDeadEnd] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const expiry = formatExpiry(expireDate)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = (inputRef.current?.value ?? '').normalize('NFKC').replace(/\s/g, '')
    if (code === '' || !/^\d{6}$/.test(code)) {
      setProblem(t(code === '' ? 'auth.code.errors.empty' : 'auth.code.errors.malformed'))
      inputRef.current?.focus()
      return
    }
    setProblem(null)
    verify.mutate(
      { verificationId: step.verificationId, code },
      {
        onSuccess: (verified) => navigate(provedPath(step, verified), { replace: true }),
        onError: (error) => {
          setProblem(errorMessage(error, auth.code.errors))
          setDeadEnd(DEAD_ENDS.has(errorCodeOf(error)))
          inputRef.current?.select()
        },
      },
    )
  }

  function onResend() {
    resend.mutate(step.mailAddress, {
      onSuccess: (sent) => {
        setProblem(null)
        setDeadEnd(false)
        if (inputRef.current) inputRef.current.value = ''
        navigate(
          mailSentPath({
            verificationId: sent.verificationId,
            mailAddress: sent.mailAddress,
            expireDate: sent.expireDate,
            next: step.next,
          }),
          { replace: true },
        )
      },
    })
  }

  return (
    <>
      <section className="card">
        <h2 className="card__title">{t('auth.code.title')}</h2>
        <p>
          <strong>{t('auth.code.sentTo', { mailAddress: step.mailAddress })}</strong>
        </p>
        <p>{t('auth.code.lead')}</p>
        {expiry && <p className="field-hint">{t('auth.code.expires', { time: expiry })}</p>}
        {resend.isSuccess && (
          <p className="notice" role="status">
            {t('auth.code.resent')}
          </p>
        )}
        <form className="stack" noValidate onSubmit={onSubmit} aria-busy={verify.isPending}>
          <TextField
            inputRef={inputRef}
            label={t('auth.code.label')}
            error={problem}
            name="code"
            inputClassName="field-input--code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={12}
          />
          <button type="submit" className="button button--block" disabled={verify.isPending || deadEnd}>
            {verify.isPending ? t('auth.code.submitting') : t('auth.code.submit')}
          </button>
        </form>
      </section>
      <section className="card card--soft stack">
        <h2 className="card__title">{t('auth.code.notArrived')}</h2>
        <p>{t('auth.code.notArrivedTips')}</p>
        {resend.isError && (
          <p className="field-error" role="alert">
            {errorMessage(resend.error, auth.register.errors)}
          </p>
        )}
        <button
          type="button"
          className="button button--block button--secondary"
          onClick={onResend}
          disabled={resend.isPending}
        >
          {t('auth.code.resend')}
        </button>
        <AppLink href={registerEmailPath(step)} className="text-link">
          {t('auth.code.changeMail')}
        </AppLink>
      </section>
    </>
  )
}

/** A member's address is registered: say so, and the way back to the settings. */
function MailAddressRegistered() {
  return (
    <section className="card stack">
      <p className="notice" role="status">
        {t('auth.confirm.done')}
      </p>
      <AppLink href={links.settings} className="button button--block">
        {t('auth.confirm.toSettings')}
      </AppLink>
    </section>
  )
}

/** A member whose account has a password: one tap registers the proved address. */
function ConfirmForm({ step }: { step: Step }) {
  const registerMailAddress = useRegisterMailAddress()
  if (registerMailAddress.isSuccess) return <MailAddressRegistered />
  const failed = registerMailAddress.isError
  return (
    <section className="card stack">
      <h2 className="card__title">{t('auth.confirm.title')}</h2>
      <p>{t('auth.confirm.lead', { mailAddress: step.mailAddress })}</p>
      {failed && (
        <p className="notice notice--error" role="alert">
          {memberErrorMessage(registerMailAddress.error)}
        </p>
      )}
      <button
        type="button"
        className="button button--block"
        disabled={registerMailAddress.isPending}
        onClick={() => registerMailAddress.mutate({ verificationId: step.verificationId })}
      >
        {registerMailAddress.isPending ? t('auth.confirm.submitting') : t('auth.confirm.submit')}
      </button>
    </section>
  )
}

function memberErrorMessage(error: unknown): string {
  return errorCodeOf(error) === 'MAIL_ADDRESS_TAKEN'
    ? t('auth.password.errors.MAIL_ADDRESS_TAKEN_MEMBER')
    : errorMessage(error, auth.password.errors)
}

/**
 * Step 3: the password. A registration makes the account and signs the browser in; a member
 * without a password gets the address and this password.
 */
function PasswordForm({ step }: { step: Step }) {
  const register = useRegister()
  const registerMailAddress = useRegisterMailAddress()
  const pending = register.isPending || registerMailAddress.isPending
  const [problem, setProblem] = useState<string | null>(null)
  const [deadEnd, setDeadEnd] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const password = inputRef.current?.value ?? ''
    const found = passwordProblem(password, step.mailAddress)
    if (found) {
      setProblem(t(`auth.password.problems.${found}`))
      inputRef.current?.focus()
      return
    }
    setProblem(null)
    const onError = (error: Error) => {
      setProblem(step.member ? memberErrorMessage(error) : errorMessage(error, auth.password.errors))
      setDeadEnd(DEAD_ENDS.has(errorCodeOf(error)) || errorCodeOf(error) === 'MAIL_ADDRESS_TAKEN')
    }
    const body = { verificationId: step.verificationId, password }
    if (step.member) registerMailAddress.mutate(body, { onError })
    else
      register.mutate(body, {
        onSuccess: () => browserPage.load(afterSignInUrl('register', step.next)),
        onError,
      })
  }

  if (registerMailAddress.isSuccess) return <MailAddressRegistered />

  return (
    <section className="card">
      <h2 className="card__title">{t('auth.password.title')}</h2>
      <p>
        <strong>{t('auth.password.verified', { mailAddress: step.mailAddress })}</strong>
      </p>
      <p>{t('auth.password.lead')}</p>
      <form className="stack" noValidate onSubmit={onSubmit} aria-busy={pending}>
        {/* For password managers: the account this password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={step.mailAddress} readOnly />
        <PasswordField
          inputRef={inputRef}
          label={t('auth.password.label')}
          hint={t('auth.password.hint')}
          showLabel={t('auth.password.show')}
          error={problem}
          name="password"
          autoComplete="new-password"
          maxLength={AUTH_LIMITS.passwordMax + 8}
        />
        <button type="submit" className="button button--block" disabled={pending || deadEnd}>
          {pending ? t('auth.password.submitting') : t('auth.password.submit')}
        </button>
      </form>
      {deadEnd && (
        <AppLink href={registerEmailPath(step)} className="text-link">
          {t('auth.link.restart')}
        </AppLink>
      )}
    </section>
  )
}

/**
 * `/sp/account/registerMailSent`: free registration, steps 2 and 3. `?verificationId&mailAddress`
 * asks for the code; the mail's link adds `&token` and is checked at once; `&step=password` asks
 * for the password of the proved address.
 */
export function RegisterMailSentScreen() {
  const [searchParams] = useSearchParams()
  const viewer = useAccountSelf().data
  const verificationId = searchParams.get('verificationId') ?? ''
  const token = searchParams.get('token')
  const step: Step = {
    verificationId,
    mailAddress: searchParams.get('mailAddress') ?? '',
    next: sameOriginPath(searchParams.get('next')),
    member: viewer !== undefined && viewer.membershipStatus !== 'GUEST',
  }
  const requested = searchParams.get('step')
  const current = token ? 'link' : requested === 'password' || requested === 'confirm' ? requested : 'code'

  let body: ReactNode
  if (!/^[0-9a-f-]{36}$/.test(verificationId)) {
    body = <Restart step={step} message={t('auth.code.errors.VERIFICATION_NOT_FOUND')} />
  } else if (current === 'link' && token) {
    body = <LinkCheck step={step} token={token} />
  } else if (current === 'password') {
    body = <PasswordForm step={step} />
  } else if (current === 'confirm') {
    body = <ConfirmForm step={step} />
  } else {
    body = <CodeForm step={step} expireDate={searchParams.get('expireDate')} />
  }

  const title = current === 'password' ? t('auth.password.title') : t('auth.code.title')
  return (
    <div className="page">
      <PageTitle page={title} />
      <h1 className="page__title">
        {step.member ? t('auth.register.memberTitle') : t('auth.register.title')}
      </h1>
      <RegistrationSteps current={current === 'password' || current === 'confirm' ? 'password' : 'code'} />
      {body}
    </div>
  )
}
