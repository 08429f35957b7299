import { isPolicyAgreementReason, links, TOP_PATH } from '@puribox/contract/pages'
import type { PolicyStatus } from '@puribox/contract/policies'
import { loginPath } from '@puribox/contract/registration-paths'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useSearch, useSearchParams } from 'wouter'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { reportEvent } from '../../../lib/analytics'
import { errorCodeOf } from '../../../lib/error-message'
import { useGoTo } from '../../../lib/page-navigation'
import { useAgreePolicies, usePolicyStatuses } from '../api/policy-statuses'
import { t } from '../i18n'
import { PolicyViewer } from './policy-viewer'
import { ReloadPrompt } from './reload-prompt'
import '../policies.css'

/** Where to go after agreeing: `afterAgreement` when it is a path of this site, else the top page. */
export function destinationAfterAgreement(afterAgreement: string | null): string {
  const path = sameOriginPath(afterAgreement)
  if (path === null || path.split(/[?#]/)[0] === links.policyAgreement) return TOP_PATH
  return path
}

function Agreement({
  policies,
  onAgreed,
  onSignedOut,
  onOutdated,
}: {
  policies: PolicyStatus[]
  onAgreed: () => void
  onSignedOut: () => void
  onOutdated: () => void
}) {
  const agree = useAgreePolicies()
  const messageId = useId()

  function onAgree() {
    agree.mutate(policies, {
      onSuccess: onAgreed,
      onError: (error) => {
        reportEvent({ category: 'error', action: 'policy_agreement_failed', label: errorCodeOf(error) })
        if (errorCodeOf(error) === 'UNAUTHENTICATED') onSignedOut()
        // A new version was published while the page was open: show it, then agree to it.
        if (errorCodeOf(error) === 'POLICY_VERSION_OUTDATED') onOutdated()
      },
    })
  }

  const failure = agree.isError
    ? errorCodeOf(agree.error) === 'POLICY_VERSION_OUTDATED'
      ? t('policies.outdated')
      : t('policies.agreeFailed')
    : null
  // After success the page is being left: no second agreement meanwhile.
  const busy = agree.isPending || agree.isSuccess

  return (
    <div className="stack">
      {policies.map((policy) => (
        <PolicyViewer key={policy.kind} policy={policy} />
      ))}
      <div className="policy-agree">
        <p className="note">{t('policies.agreeNote')}</p>
        <button
          type="button"
          className="button button--block"
          disabled={busy}
          aria-describedby={failure ? messageId : undefined}
          onClick={onAgree}
        >
          {busy ? t('policies.agreeing') : t('policies.agree')}
        </button>
        {failure && (
          <p id={messageId} className="field-error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </div>
  )
}

/**
 * `/sp/privacy_policy/agreement?afterAgreement=…[&reason=…]`: the privacy policy and the PuriBox
 * contract, one agree button for both; then on to `afterAgreement` (same-origin only) or the top
 * page. Members who have not agreed to the latest versions are sent here after signing in; the
 * lead says why (`reason`): the policies were revised since the member agreed, or this ends a
 * registration that did not agree on the way.
 */
export function PolicyAgreementScreen() {
  const [searchParams] = useSearchParams()
  const search = useSearch()
  const goTo = useGoTo()
  const statuses = usePolicyStatuses()
  const destination = destinationAfterAgreement(searchParams.get('afterAgreement'))
  const reason = searchParams.get('reason')
  const why = isPolicyAgreementReason(reason) ? reason : 'none'

  const signedOut = statuses.isError && errorCodeOf(statuses.error) === 'UNAUTHENTICATED'
  const here = `${links.policyAgreement}${search ? `?${search}` : ''}`
  const toLogin = loginPath(here)

  // Once: the address changes as the sign-in page opens, and must not send it again.
  const sentToLogin = useRef(false)
  useEffect(() => {
    if (!signedOut || sentToLogin.current) return
    sentToLogin.current = true
    goTo(toLogin, { replace: true })
  }, [signedOut, goTo, toLogin])

  const furyu = statuses.data?.policies.find((policy) => policy.kind === 'furyu')
  const puribox = statuses.data?.policies.find((policy) => policy.kind === 'puribox')

  let body: ReactNode
  if (statuses.data && !statuses.isRefetchError) {
    // Both or nothing: the page shows content only when both policies exist, and agreeing sends both.
    body =
      furyu && puribox ? (
        <Agreement
          policies={[furyu, puribox]}
          onAgreed={() => goTo(destination, { replace: true })}
          onSignedOut={() => goTo(toLogin)}
          onOutdated={() => void statuses.refetch()}
        />
      ) : (
        <ReloadPrompt />
      )
  } else if (statuses.isError && !signedOut) {
    body = <ReloadPrompt />
  } else {
    body = <LoadingState label={t('policies.loading')} />
  }

  return (
    <div className="page">
      <PageTitle page={t(`policies.titles.${why}`)} />
      <h1 className="page__title">{t(`policies.titles.${why}`)}</h1>
      <p className="page__lead">{t(`policies.leads.${why}`)}</p>
      {body}
    </div>
  )
}
