import { dateTimeParts } from '../../../lib/date-time-parts'
import { t } from '../i18n'

/** The day an item was published, written as the `common.date` text says. */
export function NewsDate({ createdAt }: { createdAt: string }) {
  const parts = dateTimeParts(createdAt)
  if (!parts) return null
  return <time dateTime={createdAt}>{t('common.date', parts)}</time>
}
