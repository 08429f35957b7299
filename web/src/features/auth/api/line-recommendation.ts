import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'
import { linkedIdentitiesQueryKey } from './get-linked-identities'

/** Declining the "link LINE" recommendation: recorded, then on to where the member was going. */
export function useDeclineLineRecommendation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (rp: string) => callApi('lineDeclineRecommendation', { body: { rp } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedIdentitiesQueryKey }),
  })
}
