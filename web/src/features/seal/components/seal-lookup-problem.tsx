import type { PurigetStanding } from '@puribox/contract/errors'
import type { InquiryTopic } from '@puribox/contract/inquiry-paths'
import { links } from '@puribox/contract/pages'
import { formatSealId, normalizeSealId } from '@puribox/contract/seal-id'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import type { ClientErrorCode } from '../../../lib/api-client'
import { nowFor, useClock } from '../../../lib/clock'
import { t } from '../i18n'
import { pauseEnd, pauseEndMessage, triesLeftWarning } from '../penalty-notice'
import { sealErrorMessage } from '../seal-error-message'
import { SealIdForm } from './seal-id-form'

interface SealLookupProblemProps {
  code: ClientErrorCode
  /** The answer's Retry-After, for how long YELLOW still lasts; null or left out when not said. */
  retryAfterSeconds?: number | null
  /** Where the caller stands with the penalty, when the answer said (its `error.penalty`). */
  penalty?: PurigetStanding | null
  /** Set when asking again may help (network or server trouble). */
  onRetry?: () => void
  /** The ID as the person typed it, to correct it in place. */
  typedSealId: string
  onValidSealId?: (sealId: string) => void
  /** The form's button where it saves rather than shows (the save screen). */
  submitLabel?: string
}

/**
 * Puri getting has stopped (YELLOW or RED penalty): another ID would be refused too, so no form, but why, the
 * clock time YELLOW ends, and the ways on. `notFoundFirst` when the ID just typed was the one that
 * stopped it: that it was not found comes first.
 */
function PenaltyProblem({
  stop,
  retryAfterSeconds,
  pausedUntil,
  notFoundFirst,
}: {
  stop: 'YELLOW' | 'RED'
  retryAfterSeconds: number | null
  pausedUntil: string | null
  notFoundFirst: boolean
}) {
  const now = nowFor(useClock())
  const end = stop === 'YELLOW' ? pauseEnd({ pausedUntil, retryAfterSeconds }, now) : null
  return (
    <div className="stack">
      <div className="notice notice--error" role="alert">
        {notFoundFirst && <p>{sealErrorMessage('SEAL_NOT_FOUND')}</p>}
        <p>{sealErrorMessage(stop === 'YELLOW' ? 'PURIGET_PENALTY_YELLOW' : 'PURIGET_PENALTY_RED')}</p>
        {stop === 'YELLOW' && (
          <>
            <p className="notice__title">{pauseEndMessage(end, now)}</p>
            <p>{t('seal.penalty.then')}</p>
          </>
        )}
        <AppLink href={links.aboutPenalty} className="text-link">
          {t('seal.penalty.about')}
        </AppLink>
      </div>
      {stop === 'RED' && (
        <AppLink
          href={`${links.inquiry}#/input/${'penalty' satisfies InquiryTopic}`}
          className="button button--block"
        >
          {t('seal.penalty.inquiry')}
        </AppLink>
      )}
      <AppLink href={links.top} className="button button--secondary button--block">
        {t('seal.toTop')}
      </AppLink>
    </div>
  )
}

/**
 * A failed seal lookup: what went wrong in Japanese, a retry when it may help, a warning when few
 * tries are left before the penalty, and the form again with the ID as printed (`XXXXX-XXXXX`).
 */
export function SealLookupProblem({
  code,
  retryAfterSeconds = null,
  penalty = null,
  onRetry,
  typedSealId,
  onValidSealId,
  submitLabel,
}: SealLookupProblemProps) {
  const titleId = useId()
  const stoppedNow = code === 'SEAL_NOT_FOUND' && penalty?.triesLeft === 0
  if (code === 'PURIGET_PENALTY_YELLOW' || code === 'PURIGET_PENALTY_RED' || stoppedNow) {
    const stop =
      code === 'PURIGET_PENALTY_RED' || (stoppedNow && penalty?.stopsWith === 'RED') ? 'RED' : 'YELLOW'
    return (
      <PenaltyProblem
        stop={stop}
        retryAfterSeconds={retryAfterSeconds}
        pausedUntil={penalty?.pausedUntil ?? null}
        notFoundFirst={stoppedNow}
      />
    )
  }
  const warning = code === 'SEAL_NOT_FOUND' && penalty ? triesLeftWarning(penalty) : null
  const sealId = normalizeSealId(typedSealId)
  return (
    <div className="stack">
      <div className="stack" role="alert">
        <div className="notice notice--error">
          <p>{sealErrorMessage(code)}</p>
          {onRetry && (
            <button type="button" className="button button--secondary" onClick={onRetry}>
              {t('common.retry')}
            </button>
          )}
        </div>
        {warning && (
          <div className="notice notice--warning">
            <p className="notice__title">{warning}</p>
            <p>{t('seal.penalty.warningHint')}</p>
          </div>
        )}
      </div>
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId} className="card__title">
          {t('seal.get.enterAgain')}
        </h2>
        <SealIdForm
          initialValue={sealId ? formatSealId(sealId) : typedSealId}
          onValidSealId={onValidSealId}
          submitLabel={submitLabel}
        />
      </section>
      <AppLink href={links.top} className="text-link">
        {t('seal.toTop')}
      </AppLink>
    </div>
  )
}
