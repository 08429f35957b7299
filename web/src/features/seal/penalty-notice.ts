import type { PurigetStanding } from '@puribox/contract/errors'
import { formatJst, monthDayJst, parseJst } from '@puribox/contract/time'
import { ApiError } from '../../lib/api-client'
import { t } from './i18n'

const MINUTE_MS = 60 * 1000
const DAY_MS = 24 * 60 * MINUTE_MS

/**
 * Where the caller stands with the puri-getting penalty, from a failed call's `error.penalty` when
 * it has the contract's shape; null when the answer did not say (or said something else).
 */
export function purigetStandingOf(error: unknown): PurigetStanding | null {
  const value = error instanceof ApiError ? error.details.penalty : undefined
  if (typeof value !== 'object' || value === null) return null
  const { triesLeft, stopsWith, pausedUntil } = value as Record<string, unknown>
  if (typeof triesLeft !== 'number' || !Number.isInteger(triesLeft) || triesLeft < 0) return null
  if (stopsWith !== 'YELLOW' && stopsWith !== 'RED') return null
  if (pausedUntil !== null && typeof pausedUntil !== 'string') return null
  return { triesLeft, stopsWith, pausedUntil }
}

/** From this many tries left, a failed lookup warns that the penalty is near (decision 0034). */
export const WARN_FROM_TRIES_LEFT = 3

/**
 * The warning that the penalty is near ("2 more wrong IDs and…") when an unknown ID leaves few tries;
 * null while there are more (a single slip should not read as a threat) or none (the penalty screen
 * says it then).
 */
export function triesLeftWarning(standing: PurigetStanding): string | null {
  const { triesLeft, stopsWith } = standing
  if (triesLeft === 0 || triesLeft > WARN_FROM_TRIES_LEFT) return null
  return t(stopsWith === 'RED' ? 'seal.penalty.warningRed' : 'seal.penalty.warning', { count: triesLeft })
}

/**
 * When YELLOW ends: the answer's `penalty.pausedUntil`, else "now" plus its Retry-After; null when
 * the answer said neither. Rounded up to the minute, so that the time shown is never a moment early.
 */
export function pauseEnd(
  answer: { pausedUntil: string | null; retryAfterSeconds: number | null },
  now: Date,
): Date | null {
  const end = answer.pausedUntil
    ? parseJst(answer.pausedUntil)
    : answer.retryAfterSeconds !== null
      ? new Date(now.getTime() + answer.retryAfterSeconds * 1000)
      : null
  return end && new Date(Math.ceil(end.getTime() / MINUTE_MS) * MINUTE_MS)
}

/** When lookups start again as a clock time in Japan time: today's alone, else "tomorrow" or the date. */
export function pauseEndMessage(end: Date | null, now: Date): string {
  if (!end) return t('seal.penalty.liftsSoon')
  const wire = formatJst(end)
  const time = wire.slice(11, 16)
  const day = wire.slice(0, 10)
  if (day === formatJst(now).slice(0, 10)) return t('seal.penalty.liftsAt', { time })
  if (day === formatJst(new Date(now.getTime() + DAY_MS)).slice(0, 10)) {
    return t('seal.penalty.liftsAtTomorrow', { time })
  }
  return t('seal.penalty.liftsAtDate', { ...monthDayJst(end), time })
}
