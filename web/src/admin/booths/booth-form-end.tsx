import { Link } from 'wouter'
import { FormProblemNotice, SubmitButton } from '../../components/form/form'
import type { ContractForm } from '../../components/form/use-contract-form'
import { t } from './i18n'

/**
 * The end of the area's forms: that nothing was saved when nothing changed, a failure that belongs
 * to no field, the button (to register, or to save a change) and the way back without sending.
 */
export function BoothFormEnd({
  form,
  editing,
  nothingChanged,
  cancelPath,
}: {
  form: Pick<ContractForm<string>, 'problem' | 'pending'>
  /** A change of something registered, rather than something new. */
  editing: boolean
  nothingChanged: boolean
  cancelPath: string
}) {
  return (
    <>
      {nothingChanged && (
        <p className="notice" role="status">
          {t('adminBooths.form.nothingChanged')}
        </p>
      )}
      <FormProblemNotice problem={form.problem} />
      <div className="booth-form__actions">
        <SubmitButton
          pending={form.pending}
          className="button"
          pendingLabel={editing ? t('adminBooths.form.saving') : t('adminBooths.form.creating')}
        >
          {editing ? t('adminBooths.form.save') : t('adminBooths.form.create')}
        </SubmitButton>
        <Link href={cancelPath} className="text-link">
          {t('adminBooths.form.cancel')}
        </Link>
      </div>
    </>
  )
}
