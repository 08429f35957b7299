import type { PolicyStatus } from '@puribox/contract/policies'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'

export const policyStatusesQueryKey = ['policies', 'latest'] as const

/** The latest version of each policy and whether the member agreed to it (members only). */
export function usePolicyStatuses() {
  return useQuery({
    queryKey: policyStatusesQueryKey,
    queryFn: ({ signal }) => callApi('policyStatusesLatest', { signal }),
    // What is in force can change at any time: always ask when the page opens.
    staleTime: 0,
  })
}

/** Agrees to these versions (the latest of every kind, all at once). */
export function useAgreePolicies() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (policies: readonly Pick<PolicyStatus, 'kind' | 'version'>[]) =>
      callApi('agreePolicies', {
        body: { policies: policies.map(({ kind, version }) => ({ kind, version })) },
      }),
    onSuccess: (statuses) => queryClient.setQueryData(policyStatusesQueryKey, statuses),
  })
}
