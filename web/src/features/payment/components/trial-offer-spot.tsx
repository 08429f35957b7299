import type { MembershipStatus } from '@puribox/contract/membership'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { callApi } from '../../../lib/call-api'

/**
 * The trial's query, by the key the premium pages use (`paymentTrialQueryKey`), so they share one
 * answer and a change of membership refreshes both. Written out here rather than imported: this file
 * is a chunk of its own, and importing the premium pages' module would split their chunks further,
 * which costs every page's first load the names of the new chunks.
 */
export const trialQueryKey = ['payment', 'trial'] as const

/** The premium page's card, with its texts and styles, downloaded only when there is an offer to show. */
const TrialOffer = lazy(() => import('./payment-screen').then((m) => ({ default: m.TrialOffer })))

/** The screens that offer the au trial, each by its own flow, and where the trial's answer has its case. */
const FLOW_FIELDS = { PURI_GRID: 'puriGrid', MY_PAGE: 'myPage', PURIGET_LP: 'purigetLp' } as const

export type OfferingFlow = keyof typeof FLOW_FIELDS

/**
 * The au trial offered on a screen other than the premium page: only to a free member for whom the
 * server says the trial may be taken (`canTrial`) and the screen's own flow is in the TRIAL case.
 * Nothing is asked for guests or premium members, and nothing shows until the answer says yes.
 */
export function TrialOfferSpot({
  flow,
  membership,
}: {
  flow: OfferingFlow
  membership: MembershipStatus | undefined
}) {
  const free = membership === 'MINI'
  const trial = useQuery({
    queryKey: trialQueryKey,
    queryFn: ({ signal }) => callApi('paymentTrial', { signal }),
    enabled: free,
    staleTime: 0,
  }).data
  if (!free || !trial?.canTrial || trial[FLOW_FIELDS[flow]].caseName !== 'TRIAL') return null
  return (
    <Suspense fallback={null}>
      <TrialOffer days={trial.trialDays} />
    </Suspense>
  )
}
