import type { ReactNode } from 'react'
import { errorMessage } from '../lib/error-message'
import { t } from '../lib/i18n'

interface LoadFailureProps {
  /** What failed to load; its code picks the sentence unless `message` is given. */
  error: unknown
  /** A sentence saying what could not be shown, above the reason. */
  title?: ReactNode
  message?: string
  /** Offered as a retry button when trying again can help. */
  onRetry?: () => void
}

/** A screen's data did not arrive: what happened, in Japanese, and a way to try again. */
export function LoadFailure({ error, title, message, onRetry }: LoadFailureProps) {
  return (
    <div className="notice notice--error" role="alert">
      {title && <p>{title}</p>}
      <p>{message ?? errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  )
}
