import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'
import { savedPlaysQueryKey } from './get-saved-plays'
import { unsavedSummaryQueryKey } from './get-unsaved-summary'

/**
 * Saves a seal to the signed-in member (idempotent on the server). My page's plays and the unsaved
 * count are asked again afterwards: the seal is now among them. `from` is where the member came from
 * (decision 0043), sent when the page knows it.
 */
export function useSaveSeal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ sealId, from }: { sealId: string; from?: SealLookupSource | null }) =>
      callApi('sealRegistration', { params: { id: sealId }, query: { from: from ?? undefined } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unsavedSummaryQueryKey }),
        queryClient.invalidateQueries({ queryKey: savedPlaysQueryKey }),
      ]),
  })
}
