import type { ClientErrorCode } from '../../lib/api-client'
import { messageForCode } from '../../lib/error-message'
import { formatWait } from '../../lib/wait-time'
import seal from '../../locales/ja/seal.json'
import { t } from './i18n'

/** The Japanese sentence for a failed seal lookup: seal-specific first, then the common ones. */
export function sealErrorMessage(code: ClientErrorCode): string {
  return messageForCode(code, seal.errors)
}

/** When YELLOW lets go, from the answer's Retry-After; without it, the most it can last (an hour). */
export function yellowWaitMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return t('seal.penalty.yellowWaitUnknown')
  return t('seal.penalty.yellowWait', { wait: formatWait(retryAfterSeconds) })
}
