import type { z } from 'zod'
import type { FormValues } from '../../components/form/form-values'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { t } from './i18n'

/** How a field is named in its messages, and the longest text it takes. */
export interface TextRule {
  label: string
  max: number
  /** Text of several lines: line breaks are allowed, other control characters are not. */
  lines?: true
}

/**
 * The fields a contract schema refused, each with its Japanese sentence (the first issue of each):
 * what the server would refuse with VALIDATION_FAILED, told beside the field before anything is sent.
 */
export function textFieldErrors<F extends string>(
  error: z.ZodError | undefined,
  rules: Readonly<Record<F, TextRule>>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {}
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0]
    if (typeof field !== 'string' || !Object.hasOwn(rules, field)) continue
    const { label, max, lines } = rules[field as F]
    errors[field as F] ??=
      issue.code === 'too_small'
        ? t('adminInquiries.form.errors.required', { label })
        : issue.code === 'too_big'
          ? t('adminInquiries.form.errors.tooLong', { label, max })
          : t(lines ? 'adminInquiries.form.errors.controlInText' : 'adminInquiries.form.errors.control', {
              label,
            })
  }
  return errors
}

/** The reason as typed, trimmed; absent when left empty. */
export function readReason(values: FormValues, name = 'reason'): string | undefined {
  const reason = values.text(name).trim()
  return reason === '' ? undefined : reason
}
