import type { ClientErrorCode } from '../../lib/api-client'
import { messageForCode } from '../../lib/error-message'
import { ja } from '../../locales/ja/resources'

/** The Japanese sentence for a failed seal lookup: seal-specific first, then the common ones. */
export function sealErrorMessage(code: ClientErrorCode): string {
  return messageForCode(code, ja.seal.errors)
}
