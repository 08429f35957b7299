import { ApiError, type ClientErrorCode } from '../../lib/api-client'
import { t } from '../../lib/i18n'
import { ja } from '../../locales/ja/resources'

type SealErrorCode = keyof typeof ja.seal.errors
type CommonErrorCode = Exclude<keyof typeof ja.common.errors, 'generic'>

function isSealErrorCode(code: string): code is SealErrorCode {
  return code in ja.seal.errors
}

function isCommonErrorCode(code: string): code is CommonErrorCode {
  return code !== 'generic' && code in ja.common.errors
}

export function sealErrorCode(error: unknown): ClientErrorCode {
  return error instanceof ApiError ? error.code : 'BAD_RESPONSE'
}

/** The Japanese sentence for a failed seal lookup: seal-specific first, then the common ones. */
export function sealErrorMessage(code: ClientErrorCode): string {
  if (isSealErrorCode(code)) return t(`seal.errors.${code}`)
  if (isCommonErrorCode(code)) return t(`common.errors.${code}`)
  return t('common.errors.generic')
}
