import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import type { ClientErrorCode } from '../../../lib/api-client'
import { t } from '../i18n'
import { sealErrorMessage, yellowWaitMessage } from '../seal-error-message'
import { SealIdForm } from './seal-id-form'

interface SealLookupProblemProps {
  code: ClientErrorCode
  /** The answer's Retry-After, for how long YELLOW still lasts; null or left out when not said. */
  retryAfterSeconds?: number | null
  /** Set when asking again may help (network or server trouble). */
  onRetry?: () => void
  /** The ID as the person typed it, to correct it in place. */
  typedSealId: string
  onValidSealId?: (sealId: string) => void
}

/** Puri getting is paused (DESIGN §4): another ID would be refused too, so no form, but the why. */
function PenaltyProblem({
  code,
  retryAfterSeconds,
}: {
  code: 'PURIGET_PENALTY_YELLOW' | 'PURIGET_PENALTY_RED'
  retryAfterSeconds: number | null
}) {
  return (
    <div className="stack">
      <div className="notice notice--error" role="alert">
        <p>{sealErrorMessage(code)}</p>
        {code === 'PURIGET_PENALTY_YELLOW' && <p>{yellowWaitMessage(retryAfterSeconds)}</p>}
        <AppLink href={links.aboutPenalty} className="text-link">
          {t('seal.penalty.about')}
        </AppLink>
      </div>
      {code === 'PURIGET_PENALTY_RED' ? (
        <AppLink href={links.inquiry} className="button button--secondary button--block">
          {t('seal.penalty.inquiry')}
        </AppLink>
      ) : (
        <AppLink href={links.top} className="button button--secondary button--block">
          {t('seal.penalty.top')}
        </AppLink>
      )}
    </div>
  )
}

/** A failed seal lookup: what went wrong in Japanese, a retry when it may help, and the form again. */
export function SealLookupProblem({
  code,
  retryAfterSeconds = null,
  onRetry,
  typedSealId,
  onValidSealId,
}: SealLookupProblemProps) {
  const titleId = useId()
  if (code === 'PURIGET_PENALTY_YELLOW' || code === 'PURIGET_PENALTY_RED')
    return <PenaltyProblem code={code} retryAfterSeconds={retryAfterSeconds} />
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
