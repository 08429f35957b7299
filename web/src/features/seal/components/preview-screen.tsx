import { isRegularPuri } from '@puribox/contract/puri-rules'
import { normalizeSealId } from '@puribox/contract/seal-id'
import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { useSearchParams } from 'wouter'
import { PageTitle } from '../../../components/page-title'
import { isTransient } from '../../../lib/api-client'
import { errorCodeOf, retryAfterOf } from '../../../lib/error-message'
import { useAccountSelf } from '../../account/api/get-account-self'
import { type SealSet, useSeal } from '../api/get-seal'
import { t } from '../i18n'
import { purigetStandingOf } from '../penalty-notice'
import { mypageSavePath, sourceOf } from '../seal-paths'
import { MemberSavePanel } from './member-save-panel'
import { PuriGrid, PuriGridSkeleton } from './puri-grid'
import { PuriViewer } from './puri-viewer'
import { RegistrationPitch } from './registration-pitch'
import { SealLookupProblem } from './seal-lookup-problem'
import { SealSummary, SealSummarySkeleton } from './seal-summary'
import { SealTrialOffer } from './trial-offer'
import '../seal.css'
import { hasPremiumFeatures, isMember } from '../../account/membership'

/** The bar offering to open a seal's pictures in the native app: outside the app only, in a chunk of its own. */
const AppOpenBar = lazy(() => import('../../app-open-bar/public').then((m) => ({ default: m.AppOpenBar })))

type Puri = SealSet['puris'][number]

/** Regular puris first, then proof samples; raw (pre-doodle) puris apart, as premium-only. */
export function splitPuris(puris: Puri[]): { shown: Puri[]; raw: Puri[] } {
  const byNumber = (a: Puri, b: Puri) => a.number - b.number
  const regular = puris.filter(isRegularPuri).sort(byNumber)
  const samples = puris.filter((puri) => puri.isProofSample && !puri.rakugaki.isRawPuri).sort(byNumber)
  const raw = puris.filter((puri) => puri.rakugaki.isRawPuri).sort(byNumber)
  return { shown: [...regular, ...samples], raw }
}

/**
 * A seal's pictures and what the viewer can do with them; `from` (where the person came from,
 * decision 0043) goes on to saving, through the sign-up detour too.
 */
export function SealPreview({
  seal,
  realNow,
  from = null,
}: {
  seal: SealSet
  realNow?: Date
  from?: SealLookupSource | null
}) {
  const [opened, setOpened] = useState<Puri | null>(null)
  // A signed-in member is offered saving, not registration (until the status is known: a guest).
  const membership = useAccountSelf().data?.membershipStatus
  const member = isMember(membership) ? membership : null
  const premium = member !== null && hasPremiumFeatures(member)
  const shownTitleId = useId()
  const rawTitleId = useId()
  const { shown, raw } = splitPuris(seal.puris)

  return (
    <div className="stack">
      <SealSummary seal={seal} realNow={realNow} />
      {shown.length + raw.length === 0 ? (
        <p className="empty-state">{t('seal.preview.empty')}</p>
      ) : (
        <p className="note">{t(member ? 'seal.preview.watermarkMember' : 'seal.preview.watermark')}</p>
      )}
      {shown.length > 0 && (
        <section aria-labelledby={shownTitleId}>
          <h2 id={shownTitleId} className="section-title">
            {t('seal.preview.puris')}
          </h2>
          <PuriGrid puris={shown} kind="regular" onOpen={setOpened} />
        </section>
      )}
      {raw.length > 0 && (
        <section aria-labelledby={rawTitleId}>
          <h2 id={rawTitleId} className="section-title">
            {t('seal.preview.rawPuris')}{' '}
            {!premium && <span className="badge badge--premium">{t('seal.preview.premiumOnly')}</span>}
          </h2>
          <p className="note">{t(premium ? 'seal.preview.rawLeadPremium' : 'seal.preview.rawLead')}</p>
          <PuriGrid puris={raw} kind="raw" onOpen={setOpened} />
        </section>
      )}
      {member ? (
        <MemberSavePanel seal={seal} membership={member} realNow={realNow} from={from} />
      ) : (
        <RegistrationPitch next={mypageSavePath(seal.sealId, { from: from ?? 'inputSealId' })} />
      )}
      <SealTrialOffer flow="PURI_GRID" membership={membership} />
      {opened && <PuriViewer puri={opened} onClose={() => setOpened(null)} />}
    </div>
  )
}

/**
 * The preview while the seal loads, laid out as it will be (summary, note, pictures), so nothing
 * jumps when the seal arrives. It is also the page's prerendered first screen (src/shell).
 */
function SealPreviewSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className="stack" aria-hidden="true">
        <SealSummarySkeleton />
        <p className="note">
          <span className="skeleton skeleton--line" />
          <br />
          <span className="skeleton skeleton--long" />
        </p>
        <div>
          <p className="section-title">
            <span className="skeleton" />
          </p>
          <PuriGridSkeleton />
        </div>
      </div>
    </div>
  )
}

/**
 * `/web/preview?sealId=…`: what a guest sees of a seal, and why registering is worth it; a member
 * who comes here (a link, the back button) is offered saving it instead.
 */
export function PreviewScreen() {
  const [searchParams] = useSearchParams()
  const typedSealId = searchParams.get('sealId') ?? ''
  const sealId = normalizeSealId(typedSealId)
  // Read, not counted: the page that looked the seal up (the puri-get page) counted it.
  const seal = useSeal(sealId)
  const from = sourceOf(searchParams)

  let body: ReactNode
  if (sealId === null) {
    body = <SealLookupProblem code="SEAL_ID_MALFORMED" typedSealId={typedSealId} />
  } else if (seal.data) {
    body = <SealPreview seal={seal.data} from={from} />
  } else if (seal.isError && !seal.isFetching) {
    body = (
      <SealLookupProblem
        code={errorCodeOf(seal.error)}
        retryAfterSeconds={retryAfterOf(seal.error)}
        penalty={purigetStandingOf(seal.error)}
        onRetry={isTransient(seal.error) ? () => void seal.refetch() : undefined}
        typedSealId={typedSealId}
      />
    )
  } else {
    body = <SealPreviewSkeleton />
  }

  return (
    <div className="page">
      <PageTitle page={t('seal.preview.title')} />
      <h1 className="page__title">{t('seal.preview.title')}</h1>
      {body}
      {seal.data && (
        <Suspense fallback={null}>
          <AppOpenBar />
        </Suspense>
      )}
    </div>
  )
}
