import { formatSealId, normalizeSealId } from '@puribox/contract/seal-id'
import { type ReactNode, useEffect, useState } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { isTransient } from '../../../lib/api-client'
import { errorCodeOf, retryAfterOf } from '../../../lib/error-message'
import { useAccountSelf } from '../../account/api/get-account-self'
import { useSeal } from '../api/get-seal'
import { t } from '../i18n'
import { purigetStandingOf } from '../penalty-notice'
import { mypageSavePath, previewPath, puriGetPath, sealDestination, sourceOf } from '../seal-paths'
import { SealIdForm } from './seal-id-form'
import { SealLookupProblem } from './seal-lookup-problem'
import '../seal.css'
import { isMember } from '../../account/membership'

/**
 * `/sp/puri/get?sealId=…&from=inputSealId` (spec §2 "Save a sticker", guests and mini members):
 * looks the seal up, then sends a guest on to the preview. A member with a well-formed ID (the spec
 * names mini members; premium ones arrive the same ways) is sent on to save it at
 * `/web/mypage?sealId=…` — members get here when the form was sent before the frame knew who was
 * looking, or by a link. The page waits for who is looking before asking for the seal, so that a
 * member's ID is looked up once, by saving it: an unknown ID counts once towards the puri-getting
 * penalty, not twice.
 *
 * `from=qr` is the address a booth prints as a QR code on the sheet (decision 0043): the page then
 * shows the ID filled in the form first, as printed, and goes on when the person taps — a scan
 * (anyone's sheet, a camera that opens every code it sees) saves nothing and looks nothing up by
 * itself. `from` goes on with the person (the lookup, the preview, saving), and the server counts it.
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
  // A scanned ID waits for the person's tap; a typed one (or a link's) goes on at once.
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null)
  const waiting = from === 'qr' && sealId !== null && confirmedFor !== sealId
  // When account/self fails, the page carries on as for a guest: the lookup itself still works.
  const viewerKnown = account.data !== undefined || account.isError
  const seal = useSeal(viewerKnown && !member && !waiting ? sealId : null, from)

  useEffect(() => {
    if (member && sealId && !waiting) navigate(mypageSavePath(sealId, { from }), { replace: true })
  }, [member, sealId, waiting, from, navigate])

  useEffect(() => {
    if (seal.data) navigate(previewPath(seal.data.sealId, from), { replace: true })
  }, [seal.data, from, navigate])

  /** The scanned ID as it is: go on with it. Changed: it was typed, and goes where a typed ID goes. */
  function confirmScanned(nextSealId: string) {
    if (nextSealId === sealId) setConfirmedFor(sealId)
    else navigate(sealDestination(nextSealId, member))
  }

  function lookUp(nextSealId: string) {
    if (nextSealId === sealId) void seal.refetch()
    else navigate(puriGetPath(nextSealId))
  }

  let body: ReactNode
  if (waiting) {
    body = (
      <section className="card">
        <p className="note">{t('seal.get.scanned')}</p>
        <SealIdForm
          initialValue={formatSealId(sealId)}
          onValidSealId={confirmScanned}
          submitLabel={member ? t('seal.get.scannedSave') : undefined}
        />
      </section>
    )
  } else if (typedSealId.trim() === '') {
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
    body = <LoadingState label={t('seal.get.loading')} />
  }

  return (
    <div className="page">
      <PageTitle page={t('seal.get.title')} />
      <h1 className="page__title">{t('seal.get.title')}</h1>
      {body}
    </div>
  )
}
