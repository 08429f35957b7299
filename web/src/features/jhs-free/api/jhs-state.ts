import type { JhsApplyBody } from '@puribox/contract/jhs-free'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'

export const jhsStateKey = ['jhsFree', 'state'] as const

/** The person's application, whether they may apply, and the pictures uploaded for the next one. */
export function useJhsState() {
  return useQuery({
    queryKey: jhsStateKey,
    queryFn: ({ signal }) => callApi('jhsState', { signal }),
  })
}

/** Sends the application; whatever the answer, the state is read again (after a double tap it shows the waiting application). */
export function useApply() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: JhsApplyBody) => callApi('jhsApply', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jhsStateKey }),
  })
}

/** Removes an upload not sent yet (the person took the picture back). */
export function removeUpload(id: string) {
  return callApi('jhsUploadRemove', { params: { id } })
}
