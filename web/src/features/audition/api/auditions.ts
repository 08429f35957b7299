import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'

export const auditionsKey = ['auditions'] as const

/**
 * The auditions open now, with the member's age rule and latest check. Not kept once the page is
 * left: the member may come back from the profile with a birthday, or from the verifier.
 */
export function useAuditions(enabled: boolean) {
  return useQuery({
    queryKey: auditionsKey,
    queryFn: ({ signal }) => callApi('auditions', { signal }),
    enabled,
    gcTime: 0,
  })
}

/**
 * One check, read on the way back from the verifier: the server asks the verifier for its outcome.
 * Once it has one, the list is loaded again so that the card shows it too.
 */
export function useAuditionCheck(checkId: string | null, enabled: boolean) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: ['auditions', 'check', checkId],
    queryFn: async ({ signal }) => {
      const check = await callApi('auditionCheck', { params: { checkId: checkId ?? '' }, signal })
      void queryClient.invalidateQueries({ queryKey: auditionsKey, exact: true })
      return check
    },
    enabled: enabled && checkId !== null,
  })
}

/** Starts (or continues) a check: the answer names the verifier's page to go to. */
export function useStartCheck() {
  return useMutation({
    mutationFn: (auditionId: string) => callApi('auditionCheckStart', { params: { id: auditionId } }),
  })
}
