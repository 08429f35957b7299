import { formatJst } from '@puribox/contract/time'
import { t } from './i18n'

function parts(iso: string | Date): string[] {
  return formatJst(typeof iso === 'string' ? new Date(iso) : iso).split(/[-T:]/)
}

/** An instant of the API (ISO 8601, UTC) as an operator reads it: Japan time, to the minute. */
export function japanTime(iso: string): string {
  const [year, month, day, hour, minute] = parts(iso)
  return t('adminApplications.time', {
    year: year ?? '',
    month: month ?? '',
    day: day ?? '',
    hour: hour ?? '',
    minute: minute ?? '',
  })
}

/** A day of Japan's calendar written out, as the applicant's mail writes it. */
function japanDay(at: Date): string {
  const [year, month, day] = parts(at)
  return t('adminApplications.day', { year: Number(year), month: Number(month), day: Number(day) })
}

/**
 * The last day the premium may be used, from the instant it ends (1 April 00:00 Japan time): the
 * day before, 31 March, as the applicant's mail says it.
 */
export function lastDay(premiumEndsAt: string): string {
  return japanDay(new Date(new Date(premiumEndsAt).getTime() - 1))
}

/** A picture's size as the members' form says it: KB under a megabyte, else MB to one decimal. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) {
    return t('adminApplications.certificates.sizeKb', { size: Math.max(1, Math.round(bytes / 1024)) })
  }
  return t('adminApplications.certificates.sizeMb', { size: (bytes / 1024 / 1024).toFixed(1) })
}

/** A birthday of the API (`YYYY-MM-DD`) written out; anything else (a masked one) as it came. */
export function birthdayText(birthday: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday)
  if (!match) return birthday
  return t('adminApplications.day', {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
  })
}
