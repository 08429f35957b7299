import { japanTime } from './booth-format'
import { t } from './i18n'

/** How many keys a machine can push with; none is worth a warning (it cannot push). */
export function LiveKeys({ count }: { count: number }) {
  if (count > 0) return <>{t('adminBooths.machine.liveKeyCount', { count })}</>
  return <span className="booth-warning">{t('adminBooths.machine.noLiveKey')}</span>
}

/** When the machine's last play arrived, in Japan time; a machine that never pushed says so. */
export function LastPush({ at }: { at: string | null }) {
  if (at === null) return <span className="booth-none">{t('adminBooths.machine.neverPushed')}</span>
  return <time dateTime={at}>{japanTime(at)}</time>
}
