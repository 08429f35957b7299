import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export const timeTravelQueryKey = ['debug', 'timeTravel'] as const

export function useTimeTravel() {
  return useQuery({
    queryKey: timeTravelQueryKey,
    queryFn: ({ signal }) => callApi('timeTravelGet', { signal }),
    retry: false,
  })
}

/** Set or clear the session's "now"; every cached answer is then stale (days left, expiry…). */
export function useChangeTimeTravel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (date: string | null) =>
      date === null ? callApi('timeTravelClear') : callApi('timeTravelSet', { body: { date } }),
    onSuccess: (state) => {
      queryClient.setQueryData(timeTravelQueryKey, state)
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== timeTravelQueryKey[0],
      })
    },
  })
}
