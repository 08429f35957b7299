import { formatJst } from '@puribox/contract/time'
import { t } from './i18n'

/** An instant of the API (ISO 8601, UTC) as an operator reads it: Japan time, to the minute. */
export function japanTime(iso: string): string {
  const [year, month, day, hour, minute] = formatJst(new Date(iso)).split(/[-T:]/)
  return t('adminSeals.time', {
    year: year ?? '',
    month: month ?? '',
    day: day ?? '',
    hour: hour ?? '',
    minute: minute ?? '',
  })
}

/** What a masked value reads as in the answer (the server's mark for data the role may not read). */
export const MASKED = '***'
