import { useTranslation } from 'react-i18next'

/** Shown while something loads: a spinner and a sentence, announced politely. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{label ?? t('common.loading')}</p>
    </div>
  )
}
