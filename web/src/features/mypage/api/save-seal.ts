import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { unsavedSummaryQueryKey } from './get-unsaved-summary'

/** Saves a seal to the signed-in member (idempotent on the server). */
export function useSaveSeal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (sealId: string) => callApi('sealRegistration', { params: { id: sealId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unsavedSummaryQueryKey }),
  })
}
