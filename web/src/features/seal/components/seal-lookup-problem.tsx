import { useId } from 'react'
import type { ClientErrorCode } from '../../../lib/api-client'
import { t } from '../../../lib/i18n'
import { sealErrorMessage } from '../seal-error-message'
import { SealIdForm } from './seal-id-form'

interface SealLookupProblemProps {
  code: ClientErrorCode
  /** Set when asking again may help (network or server trouble). */
  onRetry?: () => void
  /** The ID as the person typed it, to correct it in place. */
  typedSealId: string
  onValidSealId?: (sealId: string) => void
}

/** A failed seal lookup: what went wrong in Japanese, a retry when it may help, and the form again. */
export function SealLookupProblem({ code, onRetry, typedSealId, onValidSealId }: SealLookupProblemProps) {
  const titleId = useId()
  return (
    <div className="stack">
      <div className="notice notice--error" role="alert">
        <p>{sealErrorMessage(code)}</p>
        {onRetry && (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        )}
      </div>
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId} className="card__title">
          {t('seal.get.enterAgain')}
        </h2>
        <SealIdForm initialValue={typedSealId} onValidSealId={onValidSealId} />
      </section>
    </div>
  )
}
