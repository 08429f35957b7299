import type { z } from 'zod'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { t } from './i18n'

/** How a field of a form is named in its messages, and the rule its message tells when it is wrong. */
export interface FieldRule {
  label: string
  /** A whole number in this range (a count). */
  range?: { min: number; max: number }
  /** An id of lower-case letters, digits and hyphens. */
  id?: true
  /** A day (`YYYY-MM-DD`). */
  day?: true
}

/** The Japanese sentence for one of the contract schema's issues with a field, left empty or not. */
function messageOf(issue: z.core.$ZodIssue, rule: FieldRule, empty: boolean): string {
  const { label } = rule
  if (empty) return t('adminBooths.form.errors.required', { label })
  if (rule.range) return t('adminBooths.form.errors.integerRange', { label, ...rule.range })
  if (rule.day) return t('adminBooths.form.errors.day', { label })
  if (rule.id) return t('adminBooths.form.errors.id', { label })
  switch (issue.code) {
    case 'too_small':
      return t('adminBooths.form.errors.required', { label })
    case 'too_big':
      return t('adminBooths.form.errors.tooLong', { label, max: Number(issue.maximum) })
    case 'custom':
      // The one-line texts' own check: no line breaks, tabs nor other control characters.
      return t('adminBooths.form.errors.control', { label })
    default:
      return t('adminBooths.form.errors.invalid', { label })
  }
}

/**
 * The fields a contract schema refused, each with its Japanese sentence (the first issue of each):
 * what the server would refuse with VALIDATION_FAILED, told beside the field before anything is sent.
 * A field the schema refused while it was left empty (`typed`, what was checked) is asked for rather
 * than told its format. `known` are errors found already, which the schema's do not replace.
 */
export function schemaFieldErrors<F extends string>(
  error: z.ZodError | undefined,
  rules: Readonly<Record<F, FieldRule>>,
  { typed = {}, known = {} }: { typed?: Readonly<Record<string, unknown>>; known?: FieldErrors<F> } = {},
): FieldErrors<F> {
  const errors: FieldErrors<F> = { ...known }
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0]
    if (typeof field !== 'string' || !Object.hasOwn(rules, field)) continue
    const value = typed[field]
    const empty = Object.hasOwn(typed, field) && (value === undefined || value === '')
    errors[field as F] ??= messageOf(issue, rules[field as F], empty)
  }
  return errors
}

/**
 * A number as typed (full-width digits too): undefined when empty, NaN when it is no number (the
 * schema then refuses it), else its value.
 */
export function typedNumber(text: string): number | undefined {
  const plain = text.normalize('NFKC').trim()
  if (plain === '') return undefined
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN
}

/** Only the fields whose values differ from what is stored: a change sends what changed. */
export function changedFrom<T extends Record<string, unknown>>(stored: T, typed: T): Partial<T> {
  const changed: Partial<T> = {}
  for (const key of Object.keys(typed) as (keyof T)[]) {
    if (JSON.stringify(typed[key]) !== JSON.stringify(stored[key])) changed[key] = typed[key]
  }
  return changed
}
