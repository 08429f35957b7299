import { t } from './i18n'

/**
 * A wait in seconds as a person reads it: rounded up to whole minutes (never zero minutes), in hours
 * and minutes from an hour on — 45 s → 1 minute, 720 s → 12 minutes, 3600 s → 1 hour, 3660 s → 1 hour
 * 1 minute (the words are `auth.wait`; only the password reset says a wait).
 */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  if (minutes < 60) return t('auth.wait.minutes', { minutes })
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? t('auth.wait.hours', { hours }) : t('auth.wait.hoursMinutes', { hours, minutes: rest })
}
