import { useRef } from 'react'
import { useModalDialog } from '../../../components/use-modal-dialog'
import type { SealSet } from '../api/get-seal'
import { t } from '../i18n'

type Puri = SealSet['puris'][number]

/** One puri shown larger in a modal dialog (Escape, the close button or the backdrop close it). */
export function PuriViewer({ puri, onClose }: { puri: Puri; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null)

  useModalDialog(dialogRef)

  const label = puri.rakugaki.isRawPuri ? 'seal.preview.rawPuriAlt' : 'seal.preview.puriAlt'
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively; this handles backdrop taps
    <dialog
      ref={dialogRef}
      className="puri-viewer"
      aria-label={t(label, { number: puri.number })}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <img src={puri.qvgaUrl} alt={t(label, { number: puri.number })} width={480} height={640} />
      <button type="button" className="button button--secondary button--block" onClick={onClose}>
        {t('common.close')}
      </button>
    </dialog>
  )
}
