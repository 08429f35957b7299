import { normalizeSealId } from '@puribox/contract/seal-id'
import { type ReactNode, useEffect } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { isTransient } from '../../../lib/api-client'
import { errorCodeOf, retryAfterOf } from '../../../lib/error-message'
import { useAccountSelf } from '../../account/api/get-account-self'
import { useSeal } from '../api/get-seal'
import { t } from '../i18n'
import { purigetStandingOf } from '../penalty-notice'
import { mypageSavePath, previewPath, puriGetPath, sourceOf } from '../seal-paths'
import { SealIdForm } from './seal-id-form'
import { SealLookupProblem } from './seal-lookup-problem'
import { SealTrialOffer } from './trial-offer'
import '../seal.css'
import { isMember } from '../../account/membership'

/**
 * `/sp/puri/get?sealId=…&from=inputSealId` (the save path for guests, and for mini members in some cases):
 * looks the seal up, then sends a guest on to the preview. A member with a well-formed ID (mini members
 * are the ones expected; premium ones arrive the same ways) is sent on to save it at
 * `/web/mypage?sealId=…` — members get here when the form was sent before the frame knew who was
 * looking, or by a link. The page waits for who is looking before asking for the seal, so that a
 * member's ID is looked up once, by saving it: an unknown ID counts once towards the puri-getting
 * penalty, not twice.
 *
 * `from=qr` is the address a booth prints as a QR code on the sheet: whoever scans it sees the
 * pictures at once, on the preview, without waiting for who is looking; a member saves them from
 * there with a tap, so a scan alone never takes one of the seal's places. A fresh page load of that
 * address never gets here: index.html's boot script turns it into the preview before the first
 * paint (src/shell/boot.ts). `from` goes on with the person (the lookup, the preview, saving), and
 * the server counts it.
 */
export function PuriGetScreen() {
  const [searchParams] = useSearchParams()
  const [, navigate] = useLocation()
  const typedSealId = searchParams.get('sealId') ?? ''
  const sealId = normalizeSealId(typedSealId)
  const from = sourceOf(searchParams)
  const account = useAccountSelf()
  const membership = account.data?.membershipStatus
  const member = isMember(membership)
  // A scanned ID goes to the pictures for anyone; a typed one (or a link's) waits for who is looking.
  const scanned = from === 'qr' && sealId !== null
  // When account/self fails, the page carries on as for a guest: the lookup itself still works.
  const viewerKnown = account.data !== undefined || account.isError
  const seal = useSeal(scanned || (viewerKnown && !member) ? sealId : null, from)

  useEffect(() => {
    if (member && sealId && !scanned) navigate(mypageSavePath(sealId, { from }), { replace: true })
  }, [member, sealId, scanned, from, navigate])

  useEffect(() => {
    if (seal.data) navigate(previewPath(seal.data.sealId, from), { replace: true })
  }, [seal.data, from, navigate])

  function lookUp(nextSealId: string) {
    if (nextSealId === sealId) void seal.refetch()
    else navigate(puriGetPath(nextSealId))
  }

  let body: ReactNode
  if (typedSealId.trim() === '') {
    body = (
      <section className="card">
        <SealIdForm />
      </section>
    )
  } else if (sealId === null) {
    body = <SealLookupProblem code="SEAL_ID_MALFORMED" typedSealId={typedSealId} />
  } else if (seal.isError && !seal.isFetching) {
    body = (
      <SealLookupProblem
        code={errorCodeOf(seal.error)}
        retryAfterSeconds={retryAfterOf(seal.error)}
        penalty={purigetStandingOf(seal.error)}
        onRetry={isTransient(seal.error) ? () => void seal.refetch() : undefined}
        typedSealId={typedSealId}
        onValidSealId={lookUp}
      />
    )
  } else {
    // The loading state of a screen still downloading, in the same place: the one the person saw
    // while this page downloaded, kept until the preview (the same chunk) shows the pictures.
    return (
      <>
        <PageTitle page={t('seal.get.title')} />
        <LoadingState />
      </>
    )
  }

  return (
    <div className="page">
      <PageTitle page={t('seal.get.title')} />
      <h1 className="page__title">{t('seal.get.title')}</h1>
      {body}
      <SealTrialOffer flow="PURIGET_LP" membership={membership} />
    </div>
  )
}
