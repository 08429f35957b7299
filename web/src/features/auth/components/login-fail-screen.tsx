import { isExternalAuthFailure } from '@puribox/contract/external-auth'
import type { InquiryTopic } from '@puribox/contract/inquiry-paths'
import { links } from '@puribox/contract/pages'
import { useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { PenaltyReason } from '../../../components/penalty-reason'
import { messageForCode } from '../../../lib/error-message'
import auth from '../../../locales/ja/auth.json'
import { externalAuthFailureMessage } from '../external-auth-failure'
import { t } from '../i18n'
import '../auth.css'

/** Messages for the `reason` codes the sign-in paths (mail, LINE, Twitter, carrier) end with. */
const reasons: Readonly<Record<string, string>> = { ...auth.login.errors }

/**
 * `/web/login/fail?reason=CODE`: where a sign-in through the auth service (or a suspended account)
 * ends; a suspended account's `penaltyReason` says why. Both are only ever used to pick one of our
 * own sentences.
 */
export function LoginFailScreen() {
  const [searchParams] = useSearchParams()
  const reason = searchParams.get('reason') ?? ''
  // Why the account is suspended: a code of the fixed list, shown as PuriBox's sentence for it.
  const penaltyReason = searchParams.get('penaltyReason')
  const suspended = reason === 'ACCOUNT_SUSPENDED'
  const title = suspended ? t('auth.fail.suspendedTitle') : t('auth.fail.title')
  return (
    <div className="page">
      <PageTitle page={title} />
      <h1 className="page__title">{title}</h1>
      <section className="card stack">
        <p className="notice notice--error" role="alert">
          {suspended
            ? t('auth.fail.suspended')
            : isExternalAuthFailure(reason)
              ? externalAuthFailureMessage(reason)
              : messageForCode(reason, reasons)}
        </p>
        {suspended && <PenaltyReason kind="sns" code={penaltyReason} />}
        {!suspended && <p>{t('auth.fail.lead')}</p>}
        {!suspended && (
          <AppLink href={links.login} className="button button--block">
            {t('auth.fail.retry')}
          </AppLink>
        )}
        <AppLink
          href={`${links.inquiry}#/input/${'login' satisfies InquiryTopic}`}
          className="button button--block button--secondary"
        >
          {t('auth.fail.inquiry')}
        </AppLink>
        <AppLink href={links.top} className="text-link">
          {t('auth.fail.toTop')}
        </AppLink>
      </section>
    </div>
  )
}
