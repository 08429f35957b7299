import { useQuery } from '@tanstack/react-query'
import { callApi, type EntityOf, type WithClock } from '../../../lib/api-client'

export type SealSet = WithClock<EntityOf<'seal'>>

export function sealQueryKey(sealId: string) {
  return ['seal', sealId] as const
}

/** One seal set by its normalised ID; idle while there is no valid ID. */
export function useSeal(sealId: string | null) {
  return useQuery({
    queryKey: sealQueryKey(sealId ?? ''),
    queryFn: ({ signal }) => callApi('seal', { params: { id: sealId ?? '' }, signal }),
    enabled: sealId !== null,
    staleTime: 60 * 1000,
  })
}
