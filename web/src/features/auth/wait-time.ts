import { messageForCode } from '../../lib/error-message'
import { t } from './i18n'

/**
 * A wait in seconds as a person reads it: rounded up to whole minutes (never zero minutes), in hours
 * and minutes from an hour on — 45 s → 1 minute, 720 s → 12 minutes, 3600 s → 1 hour, 3660 s → 1 hour
 * 1 minute (the words are `auth.wait`).
 */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  if (minutes < 60) return t('auth.wait.minutes', { minutes })
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? t('auth.wait.hours', { hours }) : t('auth.wait.hoursMinutes', { hours, minutes: rest })
}

/**
 * The sentence for a code of an auth step: the step's own (`group`), a limit with the time it lifts
 * (the answer's `Retry-After`, in the sentence's `{{wait}}`), then the common ones.
 */
export function messageWithWait(
  group: Readonly<Record<string, string>>,
  code: string,
  retryAfterSeconds: number | null,
): string {
  if (code === 'RATE_LIMITED' && group.RATE_LIMITED) {
    // The server always says how long; an hour is the longest any of its limits lasts.
    return group.RATE_LIMITED.replace('{{wait}}', formatWait(retryAfterSeconds ?? 60 * 60))
  }
  return messageForCode(code, group)
}
