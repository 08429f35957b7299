import { normalizeSealId } from '@puribox/contract/seal-id'
import { type ReactNode, useEffect } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { isTransient } from '../../../lib/api-client'
import { errorCodeOf, retryAfterOf } from '../../../lib/error-message'
import { t } from '../../../lib/i18n'
import { useSeal } from '../api/get-seal'
import { previewPath, puriGetPath } from '../seal-paths'
import { SealIdForm } from './seal-id-form'
import { SealLookupProblem } from './seal-lookup-problem'

/**
 * `/sp/puri/get?sealId=…&from=inputSealId`: looks the seal up, then sends a guest on to the preview.
 * Saving for members arrives with the my-page feature; until then everyone is sent to the preview.
 */
export function PuriGetScreen() {
  const [searchParams] = useSearchParams()
  const [, navigate] = useLocation()
  const typedSealId = searchParams.get('sealId') ?? ''
  const sealId = normalizeSealId(typedSealId)
  const seal = useSeal(sealId)

  useEffect(() => {
    if (seal.data) navigate(previewPath(seal.data.sealId), { replace: true })
  }, [seal.data, navigate])

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
