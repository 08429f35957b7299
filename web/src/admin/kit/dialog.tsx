import { type ReactNode, useEffect, useId, useRef } from 'react'
import './dialog.css'

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
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // Browsers without showModal (and the tests' DOM) show it in place.
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    return () => {
      if (typeof dialog.close === 'function') dialog.close()
    }
  }, [])
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
