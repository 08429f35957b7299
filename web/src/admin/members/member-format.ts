import { formatSealId } from '@puribox/contract/seal-id'
import { formatJst } from '@puribox/contract/time'
import { t } from './i18n'

/** An instant of the API (ISO 8601, UTC) as an operator reads it: Japan time, to the minute. */
export function japanTime(iso: string): string {
  const [year, month, day, hour, minute] = formatJst(new Date(iso)).split(/[-T:]/)
  return t('adminMembers.time', {
    year: year ?? '',
    month: month ?? '',
    day: day ?? '',
    hour: hour ?? '',
    minute: minute ?? '',
  })
}

/** A seal ID as printed on the sticker sheet (`ABCDE-12345`). */
export const printedSealId = formatSealId

/** What the server sends in place of personal data the operator's role may not see. */
export const MASKED = '***'
