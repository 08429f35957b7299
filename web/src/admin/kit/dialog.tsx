import { type ReactNode, useId, useRef } from 'react'
import { SubmitButton } from '../../components/form/form'
import { t } from '../i18n'
import './dialog.css'
import { useModalDialog } from '../../components/use-modal-dialog'

/**
 * The console's modal dialog, open while it is rendered: the page behind is inert, focus starts
 * inside (on the control marked `autoFocus`, else the first) and goes back where it was when it
 * closes. Escape asks `onEscape` rather than closing, so the dialog's owner decides (a request on
 * its way is not dropped, a dialog that must not be closed by accident stays). Its buttons go in a
 * `console-dialog__actions` row (dialog.css).
 */
export function ConsoleDialog({
  title,
  onEscape,
  children,
}: {
  title: string
  onEscape: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useModalDialog(ref)
  return (
    <dialog
      ref={ref}
      className="console-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onEscape()
      }}
    >
      <h2 id={titleId} className="console-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  )
}

/**
 * The buttons at the end of an action's dialog: the action (busy while it is sent; red when it
 * takes something away) and not doing it, which waits while the request is out.
 */
export function DialogActions({
  pending,
  submit,
  pendingLabel,
  danger = false,
  disabled,
  onCancel,
}: {
  pending: boolean
  submit: string
  pendingLabel: string
  danger?: boolean
  disabled?: boolean
  onCancel: () => void
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
        {t('admin.form.cancel')}
      </button>
    </div>
  )
}
