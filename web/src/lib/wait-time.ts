import { t } from './i18n'

/**
 * A wait in seconds as a person reads it: rounded up to whole minutes (never "0分"), in hours and
 * minutes from an hour on — 45 s → 「1分」, 720 s → 「12分」, 3600 s → 「1時間」, 3660 s → 「1時間1分」.
 */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  if (minutes < 60) return t('common.wait.minutes', { minutes })
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0
    ? t('common.wait.hours', { hours })
    : t('common.wait.hoursMinutes', { hours, minutes: rest })
}
