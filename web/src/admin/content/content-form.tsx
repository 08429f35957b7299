import { formatJst, parseJst } from '@puribox/contract/time'
import type { z } from 'zod'
import type { FormValues } from '../../components/form/form-values'
import { TextField } from '../../components/form/text-field'
import type { ContractForm, FieldErrors } from '../../components/form/use-contract-form'
import { t } from './i18n'

/** How a field of a form is named in its messages. */
export interface FieldRule {
  label: string
}

/** The Japanese sentence for one of the contract schema's issues with a field, left empty or not. */
function messageOf(issue: z.core.$ZodIssue, { label }: FieldRule, empty: boolean): string {
  if (empty) return t('adminContent.form.errors.required', { label })
  switch (issue.code) {
    case 'too_small':
      return t('adminContent.form.errors.required', { label })
    case 'too_big':
      return t('adminContent.form.errors.tooLong', { label, max: Number(issue.maximum) })
    case 'custom':
      // The texts' own check: no control characters (a one-line text: no line breaks nor tabs either).
      return t('adminContent.form.errors.control', { label })
    default:
      return t('adminContent.form.errors.invalid', { label })
  }
}

/**
 * The fields a contract schema refused, each with its Japanese sentence (the first issue of each):
 * what the server would refuse with VALIDATION_FAILED, told beside the field before anything is sent.
 * A field the schema refused while it was left empty (`typed`, what was checked) is asked for rather
 * than told its format. `known` are errors found already, which the schema's do not replace.
 * `fieldOf` names the form's field of an issue's path when it is not the path's first part.
 */
export function schemaFieldErrors<F extends string>(
  error: z.ZodError | undefined,
  rules: Readonly<Record<F, FieldRule>>,
  {
    typed = {},
    known = {},
    fieldOf = (path) => path[0],
  }: {
    typed?: Readonly<Record<string, unknown>>
    known?: FieldErrors<F>
    fieldOf?: (path: readonly PropertyKey[]) => PropertyKey | undefined
  } = {},
): FieldErrors<F> {
  const errors: FieldErrors<F> = { ...known }
  for (const issue of error?.issues ?? []) {
    const field = fieldOf(issue.path)
    if (typeof field !== 'string' || !Object.hasOwn(rules, field)) continue
    const value = typed[field]
    const empty = Object.hasOwn(typed, field) && (value === undefined || value === '')
    errors[field as F] ??= messageOf(issue, rules[field as F], empty)
  }
  return errors
}

/** Only the fields whose values differ from what is stored: a change sends what changed. */
export function changedFrom<T extends Record<string, unknown>>(stored: T, typed: T): Partial<T> {
  const changed: Partial<T> = {}
  for (const key of Object.keys(typed) as (keyof T)[]) {
    if (JSON.stringify(typed[key]) !== JSON.stringify(stored[key])) changed[key] = typed[key]
  }
  return changed
}

/** A time as the Japan-time fields show it: the day and the minute of the instant. */
export function japanTimeParts(iso: string | null): { date: string; time: string } {
  if (iso === null) return { date: '', time: '' }
  const wire = formatJst(new Date(iso))
  return { date: wire.slice(0, 10), time: wire.slice(11, 16) }
}

/** A stored time as the Japan-time fields give it back and the API takes it: to the minute, in Japan time. */
export function japanTimeInput(iso: string): string
export function japanTimeInput(iso: string | null): string | null
export function japanTimeInput(iso: string | null): string | null {
  if (iso === null) return null
  const { date, time } = japanTimeParts(iso)
  return `${date}T${time}:00+09:00`
}

/** What the Japan-time fields of `name` start with: the tab's draft of them, else the stored time. */
export function japanTimeStart(
  form: Pick<ContractForm<string>, 'initial'>,
  name: string,
  iso: string | null,
): { date: string; time: string } {
  const { date, time } = japanTimeParts(iso)
  return { date: form.initial(`${name}Date`, date), time: form.initial(`${name}Time`, time) }
}

/** What the Japan-time fields of `name` hold: nothing, a time (as the API takes it), or what is wrong. */
export type TypedJapanTime =
  | { kind: 'empty' }
  | { kind: 'time'; input: string; at: Date }
  | { kind: 'wrong'; error: string }

/**
 * Reads the date and time fields of `name` (`<name>Date`, `<name>Time`) as Japan time: the API's
 * input is the time with its offset (`2026-12-01T10:00:00+09:00`). Both are needed, and the day must
 * be a real one; `label` names the time in the message.
 */
export function readJapanTime(values: FormValues, name: string, label: string): TypedJapanTime {
  const date = values.text(`${name}Date`).trim()
  const time = values.text(`${name}Time`).trim()
  if (date === '' && time === '') return { kind: 'empty' }
  if (date === '' || time === '')
    return { kind: 'wrong', error: t('adminContent.form.errors.timeIncomplete', { label }) }
  const at =
    /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time) ? parseJst(`${date}T${time}:00`) : null
  if (at === null) return { kind: 'wrong', error: t('adminContent.form.errors.timeInvalid', { label }) }
  return { kind: 'time', input: `${date}T${time}:00+09:00`, at }
}

/**
 * A time in Japan time, as a date field and a time field side by side (the browsers' own pickers).
 * The date field carries the form's id for the time, so an error summary leads to it.
 */
export function JapanTimeField({
  field,
  legend,
  hint,
  initial,
}: {
  field: { id: string; name: string; error: string | undefined }
  legend: string
  hint?: string
  /** The value each control starts with (the tab's draft, else what is stored). */
  initial: { date: string; time: string }
}) {
  return (
    <fieldset className="content-fieldset">
      <legend className="field-label">{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      <div className="content-pair">
        <TextField
          id={field.id}
          name={`${field.name}Date`}
          error={field.error}
          label={t('adminContent.japanTime.date')}
          type="date"
          defaultValue={initial.date}
        />
        <TextField
          name={`${field.name}Time`}
          label={t('adminContent.japanTime.time')}
          type="time"
          defaultValue={initial.time}
          aria-invalid={Boolean(field.error)}
        />
      </div>
    </fieldset>
  )
}

// The console's form pieces (kit/), under the names the content areas' screens import them by.
export { FormEnd as ContentFormEnd } from '../kit/form-end'
export { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
