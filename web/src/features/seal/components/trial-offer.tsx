import type { MembershipStatus } from '@puribox/contract/membership'
import { lazy, Suspense } from 'react'
import type { OfferingFlow } from '../../payment/public'

/** A chunk of the premium pages', downloaded for free members only. */
const TrialOfferSpot = lazy(() => import('../../payment/public').then((m) => ({ default: m.TrialOfferSpot })))

/** The au trial's offer on a seal page, by the page's own flow: for a free member only. */
export function SealTrialOffer({
  flow,
  membership,
}: {
  flow: OfferingFlow
  membership: MembershipStatus | undefined
}) {
  if (membership !== 'MINI') return null
  return (
    <Suspense fallback={null}>
      <TrialOfferSpot flow={flow} membership={membership} />
    </Suspense>
  )
}
