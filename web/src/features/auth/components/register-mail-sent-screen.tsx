import { AUTH_LIMITS, passwordProblem } from '@puribox/contract/auth'
import { links } from '@puribox/contract/pages'
import { mailSentPath, registerEmailPath } from '@puribox/contract/registration-paths'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { type ReactNode, useCallback, useId, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { Form, SubmitButton } from '../../../components/form/form'
import { PasswordField } from '../../../components/form/password-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { PageTitle } from '../../../components/page-title'
import type { ClientErrorCode } from '../../../lib/api-client'
import { errorCodeOf, errorMessage, messageForCode } from '../../../lib/error-message'
import { browserPage } from '../../../lib/page-navigation'
import auth from '../../../locales/ja/auth.json'
import { useAccountSelf } from '../../account/api/get-account-self'
import { PolicyConsentBoxes, usePolicyConsent } from '../../policies/public'
import {
  afterSignInUrl,
  useAccountStatusChanged,
  useRegisterMailAddress,
  useSendVerificationMail,
  useStartMailVerification,
  useVerifyLink,
} from '../api/auth'
import { t } from '../i18n'
import { formatExpiry, MailCodeStep, MailLinkCheck, readCode } from './mail-code-step'
import { RegistrationSteps } from './registration-steps'
import { TermsLink } from './terms-link'
import '../auth.css'

/** Codes after which this verification is over: only a new mail helps. */
const DEAD_ENDS = new Set(['VERIFICATION_EXPIRED', 'VERIFICATION_NOT_FOUND'])

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
  const { mutate } = verify
  const check = useCallback(
    () =>
      mutate(
        { verificationId: step.verificationId, token },
        // The token leaves the address bar (and the history) as soon as it has been used.
        { onSuccess: (verified) => navigate(provedPath(step, verified), { replace: true }) },
      ),
    [mutate, step, token, navigate],
  )
  const failed = verify.isError && (
    <Restart step={step} message={errorMessage(verify.error, auth.link.errors)} />
  )
  return <MailLinkCheck check={check} failed={failed} />
}

/** Step 2 by the code: six digits from the mail. */
function CodeForm({ step, expireDate }: { step: Step; expireDate: string | null }) {
  const [, navigate] = useLocation()
  const resendForRegistration = useSendVerificationMail()
  const resendForMember = useStartMailVerification()
  const resend = step.member ? resendForMember : resendForRegistration
  const [deadEnd, setDeadEnd] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const expiry = formatExpiry(expireDate)
  const verify = useContractForm({
    route: 'verifyCode',
    fields: ['code'],
    request: (values) => {
      const typed = readCode(values)
      if ('errors' in typed) return typed
      return { input: { body: { verificationId: step.verificationId, code: typed.code } } }
    },
    messages: auth.code.errors,
    fieldOf: 'code',
    selectOnError: 'code',
    onSuccess: (verified) => navigate(provedPath(step, verified), { replace: true }),
    onError: ({ code }) => {
      setDeadEnd(DEAD_ENDS.has(code))
      return false
    },
  })

  function onResend() {
    resend.mutate(step.mailAddress, {
      onSuccess: (sent) => {
        verify.reset()
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
    <MailCodeStep
      form={verify}
      inputRef={inputRef}
      mailAddress={step.mailAddress}
      notes={expiry ? [t('auth.code.expires', { time: expiry })] : []}
      deadEnd={deadEnd}
      resend={{
        pending: resend.isPending,
        sent: resend.isSuccess,
        problem: resend.isError ? errorMessage(resend.error, auth.register.errors) : null,
        send: onResend,
      }}
      changeMailHref={registerEmailPath(step)}
    />
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
          {memberErrorMessage(errorCodeOf(registerMailAddress.error))}
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

function memberErrorMessage(code: ClientErrorCode): string {
  return code === 'MAIL_ADDRESS_TAKEN'
    ? t('auth.password.errors.MAIL_ADDRESS_TAKEN_MEMBER')
    : messageForCode(code, auth.password.errors)
}

/**
 * Step 3: the password. A registration shows the two policies here and agrees to them with the
 * same button ("agree and register"), so the account is made with its agreement and nothing is
 * asked after it; a member without a password gets the address and this password.
 */
function PasswordForm({ step }: { step: Step }) {
  const accountChanged = useAccountStatusChanged()
  const [deadEnd, setDeadEnd] = useState(false)
  const consent = usePolicyConsent({ enabled: !step.member })
  const agreeing = !step.member && consent.state !== 'none'
  const [policyProblem, setPolicyProblem] = useState<string | null>(null)
  const policyProblemId = useId()
  const save = useContractForm({
    route: step.member ? 'registerMailAddress' : 'register',
    fields: ['password'],
    request: (values) => {
      const password = values.text('password')
      const found = passwordProblem(password, step.mailAddress)
      if (found) return { errors: { password: t(`auth.password.problems.${found}`) } }
      const { verificationId } = step
      const policies = agreeing ? consent.versions : null
      return {
        input: { body: policies ? { verificationId, password, policies } : { verificationId, password } },
      }
    },
    messages: (code) => (step.member ? memberErrorMessage(code) : messageForCode(code, auth.password.errors)),
    fieldOf: 'password',
    onSuccess: (status) => {
      if (step.member) accountChanged(status)
      else browserPage.load(afterSignInUrl('register', step.next))
    },
    onError: ({ code }) => {
      setDeadEnd(DEAD_ENDS.has(code) || code === 'MAIL_ADDRESS_TAKEN')
      // The agreement's own trouble is told beside it; a newer version is shown, to agree to next.
      const aboutPolicies = code.startsWith('POLICY_')
      setPolicyProblem(aboutPolicies ? messageForCode(code, auth.password.errors) : null)
      if (code === 'POLICY_VERSION_OUTDATED') consent.reload()
      return aboutPolicies
    },
  })

  if (step.member && save.succeeded) return <MailAddressRegistered />
  // Nothing to agree to yet (loading, or failed to load): no account without the agreement.
  const waitingForPolicies = agreeing && consent.state !== 'ready'

  return (
    <section className="card">
      <h2 className="card__title">{t('auth.password.title')}</h2>
      <p>
        <strong>{t('auth.password.verified', { mailAddress: step.mailAddress })}</strong>
      </p>
      <p>{t('auth.password.lead')}</p>
      <Form form={save} className="stack">
        {/* For password managers: the account this password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={step.mailAddress} readOnly />
        <PasswordField
          {...save.field('password')}
          label={t('auth.password.label')}
          hint={t('auth.password.hint')}
          autoComplete="new-password"
          maxLength={AUTH_LIMITS.passwordMax + 8}
        />
        {agreeing && (
          <div className="stack">
            <PolicyConsentBoxes consent={consent} />
            {consent.state === 'ready' && (
              <p className="note">
                {t('auth.password.agreeNote')} <TermsLink className="nowrap" />
              </p>
            )}
            {policyProblem && (
              <p id={policyProblemId} className="field-error" role="alert">
                {policyProblem}
              </p>
            )}
          </div>
        )}
        <SubmitButton
          pending={save.pending}
          pendingLabel={t('auth.password.submitting')}
          disabled={deadEnd || waitingForPolicies}
          aria-describedby={policyProblem ? policyProblemId : undefined}
        >
          {agreeing ? t('auth.password.submitAgreeing') : t('auth.password.submit')}
        </SubmitButton>
      </Form>
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
