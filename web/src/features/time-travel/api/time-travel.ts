import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { EntityOf, WithClock } from '../../../lib/api-client'
import { callApi } from '../../../lib/call-api'

export const timeTravelQueryKey = ['debug', 'timeTravel'] as const

export function useTimeTravel() {
  return useQuery({
    queryKey: timeTravelQueryKey,
    queryFn: ({ signal }) => callApi('timeTravelGet', { signal }),
    retry: false,
  })
}

/** The session's "now" was set or cleared: every other cached answer is stale (days left, expiry…). */
export function useTimeTravelChanged() {
  const queryClient = useQueryClient()
  return (state: WithClock<EntityOf<'timeTravelGet'>>) => {
    queryClient.setQueryData(timeTravelQueryKey, state)
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== timeTravelQueryKey[0],
    })
  }
}
