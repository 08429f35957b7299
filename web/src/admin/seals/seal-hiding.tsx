import {
  type AdminSeal,
  SEAL_ADMIN_LIMITS,
  SEAL_HIDE_REASONS,
  type SealHide,
  type SealUnhide,
  sealHideSchema,
  sealUnhideSchema,
} from '@puribox/contract/admin-seals'
import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import type { WithClock } from '../../lib/api-client'
import { t } from './i18n'
import { japanTime } from './seal-format'
import { SEAL_ERRORS } from './seal-messages'
import { hideSeal, unhideSeal } from './seals-api'
import { useSeals } from './seals-context'

type Changed = (answer: WithClock<AdminSeal>, message: string) => void
type Step = 'hide' | 'change' | 'unhide' | null

/**
 * Whether members see the seal, and why not when they do not; stopping its publication (or changing
 * why it is stopped) and restarting it, for the roles their routes admit, each after a form that says
 * what it does. The others are told who may.
 */
export function SealHiding({
  seal,
  onChanged,
  onStale,
}: {
  seal: AdminSeal
  onChanged: Changed
  /** Someone else changed the seal meanwhile: the page reads it again and says this. */
  onStale: (message: string) => void
}) {
  const { operator, access } = useSeals()
  const [step, setStep] = useState<Step>(null)
  const s = 'adminSeals.state'
  const { hidden } = seal
  const done: Changed = (answer, message) => {
    setStep(null)
    onChanged(answer, message)
  }
  const stale = (message: string) => {
    setStep(null)
    onStale(message)
  }
  return (
    <section
      className={`card console-card seal-state${hidden ? ' seal-state--hidden' : ''}`}
      aria-labelledby="seal-state-title"
    >
      <h2 id="seal-state-title" className="card__title">
        {t(`${s}.title`)}{' '}
        <span className={`badge ${hidden ? 'seal-hidden' : 'seal-shown'}`}>
          {hidden ? t(`${s}.hidden`) : t(`${s}.shown`)}
        </span>
      </h2>
      <p>{hidden ? t(`${s}.hiddenBody`) : t(`${s}.shownBody`)}</p>
      {hidden && (
        <dl className="console-facts">
          <div>
            <dt>{t(`${s}.reason`)}</dt>
            <dd>{t(`adminSeals.reasons.${hidden.reason}`)}</dd>
          </div>
          <div>
            <dt>{t(`${s}.note`)}</dt>
            <dd>{hidden.note ?? <span className="seal-none">{t('adminSeals.none')}</span>}</dd>
          </div>
          <div>
            <dt>{t(`${s}.hiddenAt`)}</dt>
            <dd>
              <time dateTime={hidden.hiddenAt}>{japanTime(hidden.hiddenAt)}</time>
            </dd>
          </div>
          <div>
            <dt>{t(`${s}.hiddenBy`)}</dt>
            <dd className="seal-break">
              {hidden.hiddenBy?.operatorMailAddress ?? (
                <span className="seal-none">{t(`${s}.operatorGone`)}</span>
              )}
            </dd>
          </div>
        </dl>
      )}
      {!access.hide && !access.unhide ? (
        <p className="note">{t(`${s}.readOnly`, { role: t(`admin.roles.${operator.role}`) })}</p>
      ) : step === null ? (
        <div className="seal-actions">
          {access.hide && (
            <button
              type="button"
              className={hidden ? 'button button--secondary' : 'button button--danger'}
              onClick={() => setStep(hidden ? 'change' : 'hide')}
            >
              {hidden ? t('adminSeals.hide.change') : t('adminSeals.hide.open')}
            </button>
          )}
          {hidden && access.unhide && (
            <button type="button" className="button" onClick={() => setStep('unhide')}>
              {t('adminSeals.unhide.open')}
            </button>
          )}
        </div>
      ) : step === 'unhide' ? (
        <UnhideForm seal={seal} onCancel={() => setStep(null)} onDone={done} onStale={stale} />
      ) : (
        <HideForm seal={seal} change={step === 'change'} onCancel={() => setStep(null)} onDone={done} />
      )}
    </section>
  )
}

/** The form's heading takes focus when it opens, so a screen reader hears where it is. */
function useFocusOnOpen() {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return ref
}

/** The note as typed, trimmed; absent when left empty. */
function readNote(values: FormValues): string | undefined {
  const note = values.text('note').trim()
  return note === '' ? undefined : note
}

type HideField = 'reason' | 'note'

/** The Japanese sentence of each field the contract's schema refused (its first issue). */
function fieldErrors<F extends HideField>(error: z.ZodError | undefined): FieldErrors<F> {
  const errors: Partial<Record<HideField, string>> = {}
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0]
    if (field === 'reason') errors.reason ??= t('adminSeals.hide.errors.reason')
    if (field === 'note') {
      errors.note ??=
        issue.code === 'too_big'
          ? t('adminSeals.hide.errors.noteTooLong', { max: SEAL_ADMIN_LIMITS.noteMax })
          : t('adminSeals.hide.errors.noteControl')
    }
  }
  return errors as FieldErrors<F>
}

function NoteField(field: { id: string; name: string; error: string | undefined; defaultValue?: string }) {
  return (
    <TextField
      {...field}
      label={t('adminSeals.hide.note')}
      hint={t('adminSeals.hide.noteHint', { max: SEAL_ADMIN_LIMITS.noteMax })}
      autoComplete="off"
    />
  )
}

/** Stopping the seal's publication with a reason (or, once stopped, changing the reason). */
function HideForm({
  seal,
  change,
  onCancel,
  onDone,
}: {
  seal: AdminSeal
  /** The seal is stopped already: the reason and the note change, nothing else. */
  change: boolean
  onCancel: () => void
  onDone: Changed
}) {
  const heading = useFocusOnOpen()
  const h = 'adminSeals.hide'
  const form = useContractForm<HideField, SealHide, WithClock<AdminSeal>>({
    fields: ['reason', 'note'],
    request: (values) => {
      const checked = sealHideSchema.safeParse({
        reason: values.text('reason') || undefined,
        note: readNote(values),
      })
      if (!checked.success) return { errors: fieldErrors<HideField>(checked.error) }
      return { input: checked.data }
    },
    send: (input) => hideSeal(seal.sealId, input),
    messages: SEAL_ERRORS,
    onSuccess: (answer) => onDone(answer, change ? t(`${h}.changed`) : t(`${h}.done`)),
  })
  const options = [
    { value: '', label: t(`${h}.choose`) },
    ...SEAL_HIDE_REASONS.map((code) => ({ value: code, label: t(`adminSeals.reasons.${code}`) })),
  ]
  return (
    <Form form={form} className="stack seal-confirm" aria-labelledby="seal-hide-title">
      <h3 id="seal-hide-title" className="seal-confirm__title" tabIndex={-1} ref={heading}>
        {change ? t(`${h}.changeTitle`) : t(`${h}.title`)}
      </h3>
      {!change && <p>{t(`${h}.lead`)}</p>}
      <SelectField
        {...form.field('reason')}
        label={t(`${h}.reason`)}
        options={options}
        defaultValue={seal.hidden?.reason ?? ''}
      />
      <NoteField {...form.field('note')} defaultValue={seal.hidden?.note ?? ''} />
      <FormProblemNotice problem={form.problem} />
      <div className="seal-actions">
        <SubmitButton
          pending={form.pending}
          className={change ? 'button' : 'button button--danger'}
          pendingLabel={change ? t(`${h}.pendingChange`) : t(`${h}.pending`)}
        >
          {change ? t(`${h}.submitChange`) : t(`${h}.submit`)}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={form.pending}>
          {t(`${h}.cancel`)}
        </button>
      </div>
    </Form>
  )
}

/** Restarting the seal's publication, with an optional note for the audit log. */
function UnhideForm({
  seal,
  onCancel,
  onDone,
  onStale,
}: {
  seal: AdminSeal
  onCancel: () => void
  onDone: Changed
  onStale: (message: string) => void
}) {
  const heading = useFocusOnOpen()
  const u = 'adminSeals.unhide'
  const form = useContractForm<'note', SealUnhide, WithClock<AdminSeal>>({
    fields: ['note'],
    request: (values) => {
      const checked = sealUnhideSchema.safeParse({ note: readNote(values) })
      if (!checked.success) return { errors: fieldErrors<'note'>(checked.error) }
      return { input: checked.data }
    },
    send: (input) => unhideSeal(seal.sealId, input),
    messages: SEAL_ERRORS,
    onSuccess: (answer) => onDone(answer, t(`${u}.done`)),
    onError: (problem) => {
      // Restarted by someone else meanwhile: the page shows the seal as it is now, and says why.
      if (problem.code !== 'SEAL_NOT_HIDDEN') return false
      onStale(problem.message)
      return true
    },
  })
  return (
    <Form form={form} className="stack seal-confirm" aria-labelledby="seal-unhide-title">
      <h3 id="seal-unhide-title" className="seal-confirm__title" tabIndex={-1} ref={heading}>
        {t(`${u}.title`)}
      </h3>
      <p>{t(`${u}.lead`)}</p>
      <NoteField {...form.field('note')} />
      <FormProblemNotice problem={form.problem} />
      <div className="seal-actions">
        <SubmitButton pending={form.pending} className="button" pendingLabel={t(`${u}.pending`)}>
          {t(`${u}.submit`)}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={form.pending}>
          {t('adminSeals.hide.cancel')}
        </button>
      </div>
    </Form>
  )
}
