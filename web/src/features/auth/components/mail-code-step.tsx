import { AUTH_LIMITS } from '@puribox/contract/auth'
import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { AppLink } from '../../../components/app-link'
import { Form, SubmitButton } from '../../../components/form/form'
import type { FormValues } from '../../../components/form/form-values'
import { TextField } from '../../../components/form/text-field'
import type { ContractForm } from '../../../components/form/use-contract-form'
import { LoadingState } from '../../../components/loading-state'
import { t } from '../i18n'

/**
 * The code step of the mails that prove an address (registration, password reset): the code from
 * the mail, or a new mail. The screens send their own routes; the cards and the words are shared.
 */

/** The mail's code as typed (full-width digits and spaces are fine), or what is wrong with it. */
export function readCode(values: FormValues): { code: string } | { errors: { code: string } } {
  const code = values.text('code').normalize('NFKC').replace(/\s/g, '')
  if (new RegExp(`^\\d{${AUTH_LIMITS.codeLength}}$`).test(code)) return { code }
  return { errors: { code: t(code === '' ? 'auth.code.errors.empty' : 'auth.code.errors.malformed') } }
}

/** "HH:mm" of the API's Japan-time `YYYY-MM-DDTHH:mm:ss` (the code's end, read on the same day). */
export function formatExpiry(expireDate: string | null): string | null {
  const match = expireDate?.match(/T(\d{2}):(\d{2})/)
  return match ? `${match[1]}:${match[2]}` : null
}

/** Sending a new mail from the code step. */
export interface Resend {
  pending: boolean
  sent: boolean
  /** Why the new mail was not sent, in Japanese; null when nothing failed. */
  problem: string | null
  send: () => void
}

export function MailCodeStep({
  form,
  inputRef,
  mailAddress,
  notes,
  deadEnd,
  resend,
  changeMailHref,
  children,
}: {
  form: ContractForm<'code'>
  inputRef: RefObject<HTMLInputElement | null>
  mailAddress: string
  /** Lines under the lead: until when the code works, how many tries it has. */
  notes: readonly string[]
  /** The code can no longer work: only a new mail (or `children`, another way on) helps. */
  deadEnd: boolean
  resend: Resend
  changeMailHref: string
  /** Shown under the form: another way on after a dead end. */
  children?: ReactNode
}) {
  return (
    <>
      <section className="card">
        <h2 className="card__title">{t('auth.code.title')}</h2>
        <p>
          <strong>{t('auth.code.sentTo', { mailAddress })}</strong>
        </p>
        <p>{t('auth.code.lead')}</p>
        {notes.map((note) => (
          <p key={note} className="field-hint">
            {note}
          </p>
        ))}
        {resend.sent && (
          <p className="notice" role="status">
            {t('auth.code.resent')}
          </p>
        )}
        <Form form={form} className="stack">
          <TextField
            {...form.field('code')}
            inputRef={inputRef}
            label={t('auth.code.label')}
            inputClassName="field-input--code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={12}
          />
          <SubmitButton pending={form.pending} pendingLabel={t('auth.code.submitting')} disabled={deadEnd}>
            {t('auth.code.submit')}
          </SubmitButton>
        </Form>
        {children}
      </section>
      <section className="card card--soft stack">
        <h2 className="card__title">{t('auth.code.notArrived')}</h2>
        <p>{t('auth.code.notArrivedTips')}</p>
        {resend.problem && (
          <p className="field-error" role="alert">
            {resend.problem}
          </p>
        )}
        <button
          type="button"
          className="button button--block button--secondary"
          onClick={resend.send}
          disabled={resend.pending}
        >
          {t('auth.code.resend')}
        </button>
        <AppLink href={changeMailHref} className="text-link">
          {t('auth.code.changeMail')}
        </AppLink>
      </section>
    </>
  )
}

/**
 * The mail's link, checked once as the page opens (`check` sends it); while it runs a spinner, and
 * when it fails `failed` (why, and the way on).
 */
export function MailLinkCheck({
  check,
  failed,
}: {
  check: () => void
  /** Set once the check failed. */
  failed: ReactNode
}) {
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    check()
  }, [check])
  if (failed) return failed
  return <LoadingState label={t('auth.link.checking')} />
}
