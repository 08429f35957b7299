import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'

export const linkedIdentitiesQueryKey = ['account', 'identities'] as const

/** The member's linked sign-in services (LINE, Twitter, carriers). Members only. */
export function useLinkedIdentities() {
  return useQuery({
    queryKey: linkedIdentitiesQueryKey,
    queryFn: ({ signal }) => callApi('externalIdentities', { signal }),
    staleTime: 60 * 1000,
  })
}
