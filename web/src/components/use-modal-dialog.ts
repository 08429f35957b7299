import { type RefObject, useEffect } from 'react'

/**
 * Shows the dialog of `ref` as a modal while the component is mounted (the page behind it inert, a
 * backdrop over it), and closes it when the component goes. A browser without `showModal` (and the
 * tests' DOM) shows it in place.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
    }
  }, [ref])
}
