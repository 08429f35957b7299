import { CONTENT_ADMIN_LIMITS } from '@puribox/contract/admin-content'
import { TextField } from '../../components/form/text-field'
import { t } from './i18n'
import type { TextRule } from './inquiry-form-errors'

/** The optional reason a change may carry, kept with it in the audit log. */
export function ReasonField(field: { id: string; name: string; error: string | undefined }) {
  return (
    <TextField
      {...field}
      label={t('adminInquiries.reason.label')}
      hint={t('adminInquiries.reason.hint')}
      autoComplete="off"
    />
  )
}

/** The reason's rule in a form's messages. */
export const REASON_RULE: TextRule = {
  label: t('adminInquiries.reason.name'),
  max: CONTENT_ADMIN_LIMITS.reasonMax,
}
