import { t } from './i18n'
import { MASKED } from './member-format'

/**
 * A member's personal field as the operator's role may see it: the value, "hidden" where the server
 * masked it, or "none" where there is none.
 */
export function Masked({ value }: { value: string | null }) {
  if (value === null) return <span className="member-none">{t('adminMembers.none')}</span>
  if (value === MASKED) return <span className="member-masked">{t('adminMembers.masked')}</span>
  return <>{value}</>
}
