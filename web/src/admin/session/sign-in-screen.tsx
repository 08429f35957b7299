import { formatJst } from '@puribox/contract/time'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { PasswordField } from '../../components/form/password-field'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import type { ClientErrorCode } from '../../lib/api-client'
import { messageForCode } from '../../lib/error-message'
import { forgetSessionAnswers } from '../console-query-client'
import { ConsoleTitle } from '../console-title'
import { t } from '../i18n'
import { type OperatorSignInBody, SESSION_QUERY_KEY, SIGN_IN_FAILED, signIn } from './session-api'

/** The second step: a code from the authenticator app, or one of the recovery codes. */
type SecondStep = 'code' | 'recoveryCode'
type Field = 'mailAddress' | 'password' | 'code'

const FIELDS: readonly Field[] = ['mailAddress', 'password', 'code']

/** The code field for the authenticator app's digits: the phone's keypad, and the code the phone offers. */
const APP_CODE_INPUT = {
  label: t('admin.signIn.codeLabel'),
  hint: t('admin.signIn.codeHint'),
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
  maxLength: 8,
} as const

/** The code field for a recovery code (`XXXXX-XXXXX`), which no browser should remember. */
const RECOVERY_CODE_INPUT = {
  label: t('admin.signIn.recoveryCodeLabel'),
  hint: t('admin.signIn.recoveryCodeHint'),
  autoComplete: 'off',
  autoCapitalize: 'characters',
} as const

/** The authenticator app's code as typed: full-width digits and the space some apps show in the middle allowed. */
function normalizedCode(typed: string): string {
  return typed.normalize('NFKC').replace(/\s+/g, '')
}

/** When a limit lifts, as the operator reads it: the time of day (Japan time) and the minutes until then. */
function rateLimitedMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return t('admin.signIn.errors.rateLimited')
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  const time = formatJst(new Date(Date.now() + retryAfterSeconds * 1000)).slice(11, 16)
  return t('admin.signIn.errors.rateLimitedUntil', { time, minutes })
}

/** The sentence for a failed sign-in: the same whichever part was wrong, so the message tells a stranger nothing. */
function signInFailureMessage(code: ClientErrorCode, step: SecondStep, retryAfterSeconds: number | null) {
  // A body the server would not read (a malformed address) is a wrong part too.
  if (code === SIGN_IN_FAILED || code === 'VALIDATION_FAILED' || code === 'MAIL_ADDRESS_INVALID') {
    return step === 'code'
      ? t('admin.signIn.errors.failedWithCode')
      : t('admin.signIn.errors.failedWithRecoveryCode')
  }
  if (code === 'RATE_LIMITED') return rateLimitedMessage(retryAfterSeconds)
  if (code === 'NETWORK') return t('admin.signIn.errors.network')
  return messageForCode(code)
}

/**
 * `/admin/login`: mail address, password and the authenticator app's code (or a recovery code),
 * every time (decision 0069). On a failure the address and password stay as typed and the code is
 * emptied for a new one. Once signed in, the console goes back where it was sent from (console.tsx).
 */
export function SignInScreen() {
  const params = new URLSearchParams(useSearch())
  const reason = params.get('reason')
  const queryClient = useQueryClient()
  const [step, setStep] = useState<SecondStep>('code')
  const codeRef = useRef<HTMLInputElement>(null)
  // Once the operator switched between the app's code and a recovery code, the new field takes the focus.
  const [switched, setSwitched] = useState(false)

  const form = useContractForm({
    fields: FIELDS,
    request: (values) => {
      const mailAddress = values.text('mailAddress').trim()
      const password = values.text('password')
      const code = normalizedCode(values.text('code'))
      const errors: FieldErrors<Field> = {}
      if (mailAddress === '') errors.mailAddress = t('admin.signIn.errors.emptyMail')
      if (password === '') errors.password = t('admin.signIn.errors.emptyPassword')
      if (step === 'code') {
        if (code === '') errors.code = t('admin.signIn.errors.emptyCode')
        else if (!/^\d{6}$/.test(code)) errors.code = t('admin.signIn.errors.codeFormat')
      } else if (code === '') errors.code = t('admin.signIn.errors.emptyRecoveryCode')
      if (Object.keys(errors).length > 0) return { errors }
      const body: OperatorSignInBody = { mailAddress, password, code }
      return { input: body }
    },
    send: signIn,
    messages: (code, _values, retryAfterSeconds) => signInFailureMessage(code, step, retryAfterSeconds),
    selectOnError: 'code',
    onError: () => {
      // A code is worth one try: the next comes from the app (or the list) again.
      if (codeRef.current) codeRef.current.value = ''
      return false
    },
    onSuccess: (operator) => {
      forgetSessionAnswers(queryClient)
      queryClient.setQueryData(SESSION_QUERY_KEY, operator)
    },
  })
  const codeField = form.field('code')
  return (
    <div className="console-page console-sign-in">
      <ConsoleTitle page={t('admin.signIn.title')} />
      <h1 className="page__title">{t('admin.signIn.title')}</h1>
      {reason === 'sessionEnded' && (
        <p className="notice console-notice" role="status">
          {t('admin.signIn.sessionEnded')}
        </p>
      )}
      {reason === 'signedOut' && (
        <p className="notice console-notice" role="status">
          {t('admin.signIn.signedOut')}
        </p>
      )}
      <section className="card console-card">
        <p className="page__lead">{t('admin.signIn.lead')}</p>
        <Form form={form} className="stack">
          <TextField
            {...form.field('mailAddress')}
            label={t('admin.signIn.mailLabel')}
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
          />
          <PasswordField
            {...form.field('password')}
            label={t('admin.signIn.passwordLabel')}
            autoComplete="current-password"
          />
          <div className="console-code">
            <TextField
              // A field of its own for each kind of code, so that switching empties it.
              key={step}
              {...codeField}
              {...(step === 'code' ? APP_CODE_INPUT : RECOVERY_CODE_INPUT)}
              inputRef={codeRef}
              autoFocus={switched}
              spellCheck={false}
              inputClassName="console-code__input"
            />
            <button
              type="button"
              className="link-button"
              onClick={() => {
                // A fresh field, without the errors of the other one.
                form.reset()
                setSwitched(true)
                setStep(step === 'code' ? 'recoveryCode' : 'code')
              }}
            >
              {step === 'code' ? t('admin.signIn.useRecoveryCode') : t('admin.signIn.useCode')}
            </button>
          </div>
          <FormProblemNotice problem={form.problem} />
          <SubmitButton pending={form.pending} pendingLabel={t('admin.signIn.submitting')}>
            {t('admin.signIn.submit')}
          </SubmitButton>
        </Form>
      </section>
    </div>
  )
}
