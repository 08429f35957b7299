import type { ClientErrorCode } from '../../lib/api-client'
import { messageForCode } from '../../lib/error-message'
import { t } from '../../lib/i18n'
import { formatWait } from '../../lib/wait-time'
import { ja } from '../../locales/ja/resources'

/** The Japanese sentence for a failed seal lookup: seal-specific first, then the common ones. */
export function sealErrorMessage(code: ClientErrorCode): string {
  return messageForCode(code, ja.seal.errors)
}

/** When YELLOW lets go, from the answer's Retry-After; without it, the most it can last (an hour). */
export function yellowWaitMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return t('seal.penalty.yellowWaitUnknown')
  return t('seal.penalty.yellowWait', { wait: formatWait(retryAfterSeconds) })
}
