import { useQuery } from '@tanstack/react-query'
import { callApi, type EntityOf, readAnswer, type WithClock } from '../../../lib/api-client'
import { takeEarlySealRequest } from '../../../lib/early-requests'

export type SealSet = WithClock<EntityOf<'seal'>>

export function sealQueryKey(sealId: string) {
  return ['seal', sealId] as const
}

/** One seal set by its normalised ID; idle while there is no valid ID. */
export function useSeal(sealId: string | null) {
  return useQuery({
    queryKey: sealQueryKey(sealId ?? ''),
    queryFn: ({ signal }) => {
      const id = sealId ?? ''
      // On the preview page, index.html's boot script has asked for the seal already.
      const early = takeEarlySealRequest(id)
      return early ? readAnswer<'seal'>(early, signal) : callApi('seal', { params: { id }, signal })
    },
    enabled: sealId !== null,
    staleTime: 60 * 1000,
  })
}
