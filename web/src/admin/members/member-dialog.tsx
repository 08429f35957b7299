import { SubmitButton } from '../../components/form/form'
import { t } from './i18n'

/** The buttons at the end of an action's dialog: the action (busy while it is sent) and not doing it. */
export function DialogEnd({
  pending,
  submit,
  pendingLabel,
  danger,
  onCancel,
  disabled,
}: {
  pending: boolean
  submit: string
  pendingLabel: string
  danger?: boolean
  onCancel: () => void
  disabled?: boolean
}) {
  return (
    <div className="console-dialog__actions">
      <SubmitButton
        pending={pending}
        disabled={disabled}
        className={danger ? 'button button--danger' : 'button'}
        pendingLabel={pendingLabel}
      >
        {submit}
      </SubmitButton>
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
        {t('adminMembers.cancel')}
      </button>
    </div>
  )
}
