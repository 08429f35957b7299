import { isExternalAuthFailure } from '@puribox/contract/external-auth'
import { t } from './i18n'

/**
 * The Japanese sentence for a `reason=` of an external sign-in, registration or link that failed
 * (`/web/login/fail?reason=…`, or the `alp` page); a reason it does not know reads as the generic one.
 */
export function externalAuthFailureMessage(reason: string | null | undefined): string {
  return isExternalAuthFailure(reason)
    ? t(`externalAuth.failure.${reason}`)
    : t('externalAuth.failure.generic')
}
