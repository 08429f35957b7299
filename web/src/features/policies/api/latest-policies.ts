import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'

export const latestPoliciesQueryKey = ['policies', 'in-force'] as const

/**
 * The latest version of each policy, for anyone: what a registration shows and agrees to.
 * `enabled: false` for a page that will not ask (a member adding a mail address).
 */
export function useLatestPolicies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: latestPoliciesQueryKey,
    queryFn: ({ signal }) => callApi('latestPolicies', { signal }),
    // What is in force can change at any time: always ask when the page opens.
    staleTime: 0,
    enabled,
  })
}
