import type { ClientErrorCode } from '../../lib/api-client'
import { messageForCode } from '../../lib/error-message'
import seal from '../../locales/ja/seal.json'

/** The Japanese sentence for a failed seal lookup: seal-specific first, then the common ones. */
export function sealErrorMessage(code: ClientErrorCode): string {
  return messageForCode(code, seal.errors)
}
