import type { AgreedPolicy } from '@puribox/contract/external-auth'
import type { PolicyDocument } from '@puribox/contract/policies'
import { LoadingState } from '../../../components/loading-state'
import { useLatestPolicies } from '../api/latest-policies'
import { t } from '../i18n'
import { PolicyViewer } from './policy-viewer'
import { ReloadPrompt } from './reload-prompt'
import '../policies.css'

/**
 * Where a registration stands with the policies it must agree to: still loading; `failed` (not
 * loaded, or only one kind published: nothing can be agreed to, so the registration waits);
 * `none` (nothing published: nothing to agree to); `ready`, both kinds to show, and the versions to
 * send once the person agrees.
 */
export type PolicyConsent =
  | { state: 'loading' | 'failed' | 'none'; versions: null; reload: () => void }
  | { state: 'ready'; policies: PolicyDocument[]; versions: AgreedPolicy[]; reload: () => void }

/**
 * The policies a registration agrees to before the account exists, read for anyone. `enabled:
 * false` for a page that asks nothing (a member adding a mail address): it stays `loading`.
 */
export function usePolicyConsent({ enabled = true }: { enabled?: boolean } = {}): PolicyConsent {
  const latest = useLatestPolicies({ enabled })
  const reload = () => void latest.refetch()
  if (!latest.data || latest.isRefetchError) {
    return { state: latest.isError ? 'failed' : 'loading', versions: null, reload }
  }
  const { policies } = latest.data
  if (policies.length === 0) return { state: 'none', versions: null, reload }
  const furyu = policies.find((policy) => policy.kind === 'furyu')
  const puribox = policies.find((policy) => policy.kind === 'puribox')
  // Both or nothing, as on the agreement page: one policy alone cannot be agreed to.
  if (!furyu || !puribox) return { state: 'failed', versions: null, reload }
  return {
    state: 'ready',
    policies: [furyu, puribox],
    versions: [furyu, puribox].map(({ kind, version }) => ({ kind, version })),
    reload,
  }
}

/**
 * The two policies a registration agrees to, each summarised in its small scrolling box with a link
 * to the full text, as on the agreement page (titled one level down, inside a section of the step);
 * the page that shows them puts the agree control (a tick box, or the wording of its button) right
 * after.
 */
export function PolicyConsentBoxes({ consent }: { consent: PolicyConsent }) {
  if (consent.state !== 'ready') {
    if (consent.state === 'failed') return <ReloadPrompt />
    return consent.state === 'loading' ? <LoadingState label={t('policies.loading')} /> : null
  }
  return (
    <div className="stack">
      {consent.policies.map((policy) => (
        <PolicyViewer key={policy.kind} policy={policy} level={3} />
      ))}
    </div>
  )
}
