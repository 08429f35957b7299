import {
  type AdminApplication,
  APPLICATION_ADMIN_LIMITS,
  type ApplicationApprove,
  type ApplicationReject,
  applicationApproveSchema,
  applicationRejectSchema,
  JHS_REJECT_REASONS,
  type JhsRejectReason,
} from '@puribox/contract/admin-applications'
import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, type FormProblem, useContractForm } from '../../components/form/use-contract-form'
import type { WithClock } from '../../lib/api-client'
import { isOverdue, shownMail } from './application-bits'
import { lastDay } from './application-format'
import { APPLICATION_ERRORS } from './application-messages'
import { approveApplication, rejectApplication } from './applications-api'
import { useApplications } from './applications-context'
import { t } from './i18n'

/** What a review came to, for the page to say: the application as it is now, or why it was not sent. */
export type Decided = { kind: 'approved' | 'rejected'; application: WithClock<AdminApplication> }

/**
 * The review of a waiting application, for the roles the approve and reject routes admit: each
 * choice opens its own confirmation, saying what the applicant will receive, before anything is
 * sent. A review another operator made first is handed to the page (`onAlreadyReviewed`), which shows
 * the application as it now is.
 */
export function Decision({
  application,
  onDecided,
  onAlreadyReviewed,
}: {
  application: WithClock<AdminApplication>
  onDecided: (decided: Decided) => void
  onAlreadyReviewed: (problem: FormProblem) => void
}) {
  const { access } = useApplications()
  const [choice, setChoice] = useState<'approve' | 'reject' | null>(null)
  const overdue = isOverdue(application, application.clock)
  const day = lastDay(application.premiumEndsAt)
  const approvable = access.approve && !overdue
  return (
    <section className="card console-card application-decision" aria-labelledby="decision-title">
      <h2 id="decision-title" className="card__title">
        {t('adminApplications.decision.title')}
      </h2>
      <p>{t('adminApplications.decision.lead')}</p>
      {overdue && (
        <p className="notice notice--warning">{t('adminApplications.decision.overdue', { day })}</p>
      )}
      {choice === null && (
        <div className="application-decision__choices">
          {approvable && (
            <button type="button" className="button" onClick={() => setChoice('approve')}>
              {t('adminApplications.decision.approve')}
            </button>
          )}
          {access.reject && (
            <button type="button" className="button button--secondary" onClick={() => setChoice('reject')}>
              {t('adminApplications.decision.reject')}
            </button>
          )}
        </div>
      )}
      {choice === 'approve' && approvable && (
        <ApproveForm
          application={application}
          onCancel={() => setChoice(null)}
          onApproved={(answer) => onDecided({ kind: 'approved', application: answer })}
          onAlreadyReviewed={onAlreadyReviewed}
        />
      )}
      {choice === 'reject' && access.reject && (
        <RejectForm
          application={application}
          onCancel={() => setChoice(null)}
          onRejected={(answer) => onDecided({ kind: 'rejected', application: answer })}
          onAlreadyReviewed={onAlreadyReviewed}
        />
      )}
    </section>
  )
}

type NoteField = 'note'

/** The note as typed, trimmed; absent when left empty. */
function readNote(values: FormValues): string | undefined {
  const note = values.text('note').trim()
  return note === '' ? undefined : note
}

/** The Japanese sentence of each field the contract's schema refused (its first issue). */
function fieldErrors<F extends string>(error: z.ZodError | undefined): FieldErrors<F> {
  const errors: Partial<Record<string, string>> = {}
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0]
    if (field === 'reason') errors.reason ??= t('adminApplications.decision.errors.reason')
    if (field === 'note') {
      errors.note ??=
        issue.code === 'too_big'
          ? t('adminApplications.decision.errors.noteTooLong', { max: APPLICATION_ADMIN_LIMITS.noteMax })
          : t('adminApplications.decision.errors.noteControl')
    }
  }
  return errors as FieldErrors<F>
}

/** A conflict (reviewed meanwhile) belongs to the page; anything else stays with the form. */
function alreadyReviewed(handOn: (problem: FormProblem) => void) {
  return (problem: FormProblem) => {
    if (problem.code !== 'JHS_APPLICATION_NOT_SUBMITTED') return false
    handOn(problem)
    return true
  }
}

/** The confirmation's heading takes focus when it opens, so a screen reader hears where it is. */
function useFocusOnOpen() {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return ref
}

function NoteField(field: { id: string; name: string; error: string | undefined }) {
  return (
    <TextField
      {...field}
      label={t('adminApplications.decision.note.label')}
      hint={t('adminApplications.decision.note.hint')}
      maxLength={APPLICATION_ADMIN_LIMITS.noteMax}
      autoComplete="off"
    />
  )
}

function ApproveForm({
  application,
  onCancel,
  onApproved,
  onAlreadyReviewed,
}: {
  application: AdminApplication
  onCancel: () => void
  onApproved: (answer: WithClock<AdminApplication>) => void
  onAlreadyReviewed: (problem: FormProblem) => void
}) {
  const heading = useFocusOnOpen()
  const form = useContractForm<NoteField, ApplicationApprove, WithClock<AdminApplication>>({
    fields: ['note'],
    request: (values) => {
      const checked = applicationApproveSchema.safeParse({ note: readNote(values) })
      if (!checked.success) return { errors: fieldErrors<NoteField>(checked.error) }
      return { input: checked.data }
    },
    send: (input) => approveApplication(application.id, input),
    messages: APPLICATION_ERRORS,
    onSuccess: onApproved,
    onError: alreadyReviewed(onAlreadyReviewed),
  })
  return (
    <Form form={form} className="stack application-confirm" aria-labelledby="approve-title">
      <h3 id="approve-title" className="application-confirm__title" tabIndex={-1} ref={heading}>
        {t('adminApplications.decision.approveConfirm.title')}
      </h3>
      <p>
        {t('adminApplications.decision.approveConfirm.body', { day: lastDay(application.premiumEndsAt) })}
      </p>
      <p className="application-mail">
        {t('adminApplications.decision.approveConfirm.mail', { mail: shownMail(application.mailAddress) })}
      </p>
      <NoteField {...form.field('note')} />
      <FormProblemNotice problem={form.problem} />
      <div className="application-confirm__actions">
        <SubmitButton
          pending={form.pending}
          className="button"
          pendingLabel={t('adminApplications.decision.approveConfirm.pending')}
        >
          {t('adminApplications.decision.approveConfirm.submit')}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={form.pending}>
          {t('adminApplications.decision.cancel')}
        </button>
      </div>
    </Form>
  )
}

function RejectForm({
  application,
  onCancel,
  onRejected,
  onAlreadyReviewed,
}: {
  application: AdminApplication
  onCancel: () => void
  onRejected: (answer: WithClock<AdminApplication>) => void
  onAlreadyReviewed: (problem: FormProblem) => void
}) {
  const heading = useFocusOnOpen()
  const [reason, setReason] = useState<JhsRejectReason | ''>('')
  const form = useContractForm<'reason' | NoteField, ApplicationReject, WithClock<AdminApplication>>({
    fields: ['reason', 'note'],
    request: (values) => {
      const checked = applicationRejectSchema.safeParse({
        reason: values.text('reason') || undefined,
        note: readNote(values),
      })
      if (!checked.success) return { errors: fieldErrors<'reason' | NoteField>(checked.error) }
      return { input: checked.data }
    },
    send: (input) => rejectApplication(application.id, input),
    messages: APPLICATION_ERRORS,
    onSuccess: onRejected,
    onError: alreadyReviewed(onAlreadyReviewed),
  })
  const options = [
    { value: '', label: t('adminApplications.decision.rejectConfirm.choose') },
    ...JHS_REJECT_REASONS.map((code) => ({
      value: code,
      label: t(`adminApplications.rejectReasons.${code}`),
    })),
  ]
  return (
    <Form form={form} className="stack application-confirm" aria-labelledby="reject-title">
      <h3 id="reject-title" className="application-confirm__title" tabIndex={-1} ref={heading}>
        {t('adminApplications.decision.rejectConfirm.title')}
      </h3>
      <SelectField
        {...form.field('reason')}
        label={t('adminApplications.decision.rejectConfirm.reason')}
        options={options}
        defaultValue=""
        onChange={(event) => setReason(event.target.value as JhsRejectReason | '')}
      />
      <section className="application-preview" aria-labelledby="reject-preview-title" aria-live="polite">
        <h4 id="reject-preview-title" className="application-preview__title">
          {t('adminApplications.decision.rejectConfirm.preview')}
        </h4>
        {reason === '' ? (
          <p className="note">{t('adminApplications.decision.rejectConfirm.previewEmpty')}</p>
        ) : (
          <p className="application-preview__text">{t(`adminApplications.rejectReasonTexts.${reason}`)}</p>
        )}
      </section>
      <p className="application-mail">
        {t('adminApplications.decision.rejectConfirm.mail', { mail: shownMail(application.mailAddress) })}
      </p>
      <NoteField {...form.field('note')} />
      <FormProblemNotice problem={form.problem} />
      <div className="application-confirm__actions">
        <SubmitButton
          pending={form.pending}
          className="button button--danger"
          pendingLabel={t('adminApplications.decision.rejectConfirm.pending')}
        >
          {t('adminApplications.decision.rejectConfirm.submit')}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={form.pending}>
          {t('adminApplications.decision.cancel')}
        </button>
      </div>
    </Form>
  )
}
