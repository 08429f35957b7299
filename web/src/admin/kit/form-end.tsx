import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { FormProblemNotice, SubmitButton } from '../../components/form/form'
import { clearDraft } from '../../components/form/form-draft'
import type { ContractForm } from '../../components/form/use-contract-form'
import { t } from '../i18n'

/**
 * The end of the console's forms: that nothing was saved when nothing changed, a failure that belongs
 * to no field, the button, and the way back without sending (which forgets the tab's draft).
 */
export function FormEnd({
  form,
  submit = t('admin.form.save'),
  pendingLabel = t('admin.form.saving'),
  nothingChanged = form.nothingChanged ?? false,
  cancelPath,
  draft,
  actionsClass = 'content-form__actions',
  children,
}: {
  /** The form (a useSaveForm says itself whether nothing changed). */
  form: Pick<ContractForm<string>, 'problem' | 'pending'> & { nothingChanged?: boolean }
  /** The button, and what it says while sending: by default, to save a change. */
  submit?: string
  pendingLabel?: string
  nothingChanged?: boolean
  cancelPath: string
  /** The form's draft key, forgotten when the operator goes back without sending. */
  draft?: string
  /** The area's class for the row of buttons. */
  actionsClass?: string
  /** More buttons beside the one that sends (a preview). */
  children?: ReactNode
}) {
  return (
    <>
      {nothingChanged && (
        <p className="notice" role="status">
          {t('admin.form.nothingChanged')}
        </p>
      )}
      <FormProblemNotice problem={form.problem} />
      <div className={actionsClass}>
        <SubmitButton pending={form.pending} className="button" pendingLabel={pendingLabel}>
          {submit}
        </SubmitButton>
        {children}
        <Link href={cancelPath} className="text-link" onClick={() => draft && clearDraft(draft)}>
          {t('admin.form.cancel')}
        </Link>
      </div>
    </>
  )
}
