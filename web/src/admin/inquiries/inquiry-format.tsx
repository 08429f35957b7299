import type { InquiryState, OperatorRef } from '@puribox/contract/admin-inquiries'
import { formatJst } from '@puribox/contract/time'
import { t } from './i18n'

/** What the server sends in place of a person's words or address to a role that may not read them. */
export const MASKED = '***'

/** An instant of the API (ISO 8601, UTC) as an operator reads it: Japan time, to the minute. */
export function japanTime(iso: string): string {
  const [year, month, day, hour, minute] = formatJst(new Date(iso)).split(/[-T:]/)
  return t('adminInquiries.time', {
    year: year ?? '',
    month: month ?? '',
    day: day ?? '',
    hour: hour ?? '',
    minute: minute ?? '',
  })
}

/** A time in a `<time>` element, in Japan time. */
export function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="nowrap">
      {japanTime(at)}
    </time>
  )
}

/**
 * A person's text or address as the operator's role may read it: the value, or "hidden" where the
 * server masked it. Text keeps its line breaks (inquiries-area.css).
 */
export function Masked({ value }: { value: string }) {
  if (value === MASKED) return <span className="inquiry-masked">{t('adminInquiries.masked')}</span>
  return <>{value}</>
}

/** An operator by their mail address, or `none` in their place (nobody yet, or an operator no longer here). */
export function OperatorName({ operator, none }: { operator: OperatorRef | null; none: string }) {
  if (!operator) return <span className="inquiry-none">{none}</span>
  return <span className="inquiry-operator">{operator.operatorMailAddress}</span>
}

/** An inquiry's state as a badge, each state its own colour (inquiries-area.css). */
export function StateBadge({ state }: { state: InquiryState }) {
  return <span className={`badge inquiry-state inquiry-state--${state}`}>{stateName(state)}</span>
}

export function stateName(state: InquiryState): string {
  return t(`adminInquiries.states.${state}`)
}
