import type { FormValues } from '../../components/form/form-values'
import { TextField } from '../../components/form/text-field'
import { t } from '../i18n'

/** The optional reason a change may carry, kept with it in the audit log. */
export function ReasonField(field: { id: string; name: string; error: string | undefined }) {
  return (
    <TextField {...field} label={t('admin.reason.label')} hint={t('admin.reason.hint')} autoComplete="off" />
  )
}

/** The reason as typed, trimmed; absent when left empty. */
export function readReason(values: FormValues, name = 'reason'): string | undefined {
  const reason = values.text(name).trim()
  return reason === '' ? undefined : reason
}

/** The reason's name in a form's messages. */
export const REASON_RULE = { label: t('admin.reason.name') }
