import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { useQuery } from '@tanstack/react-query'
import { type EntityOf, readAnswer, type WithClock } from '../../../lib/api-client'
import { callApi } from '../../../lib/call-api'
import { takeEarlySealRequest } from '../../../lib/early-requests'

export type SealSet = WithClock<EntityOf<'seal'>>

export function sealQueryKey(sealId: string) {
  return ['seal', sealId] as const
}

/**
 * One seal set by its normalised ID; idle while there is no valid ID.
 *
 * The lookup is never given the query's abort signal. A query that reads its signal is cancelled
 * when its screen unmounts, and asked again when the screen mounts again — which React does to every
 * screen in StrictMode, and may do to any — and the request given up on has reached the server all
 * the same, where an unknown ID counts towards the puri-getting penalty. Without the signal, a screen
 * that comes back joins the lookup under way: one request per submission, so an unknown ID counts once.
 *
 * `from` says where the person came from (decision 0043): the page they arrive on sends it, and the
 * server counts the lookup. It is not part of the key, so the preview that follows reads the same
 * answer, and a later read of the seal (without it) is not counted again.
 */
export function useSeal(sealId: string | null, from: SealLookupSource | null = null) {
  return useQuery({
    queryKey: sealQueryKey(sealId ?? ''),
    queryFn: () => {
      const id = sealId ?? ''
      // On the preview page, index.html's boot script has asked for the seal already.
      const early = takeEarlySealRequest(id)
      return early
        ? readAnswer<'seal'>(early)
        : callApi('seal', { params: { id }, query: { from: from ?? undefined } })
    },
    enabled: sealId !== null,
    staleTime: 60 * 1000,
  })
}
