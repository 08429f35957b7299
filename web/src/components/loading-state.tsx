import { t } from '../lib/i18n'

/** Shown while something loads: a spinner and a sentence, announced politely. */
export function LoadingState({ label }: { label?: string }) {
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{label ?? t('common.loading')}</p>
    </div>
  )
}
