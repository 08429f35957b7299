import { DYNAMIC_LINKS_PATH } from '@puribox/contract/first-load-paths'
import { useQuery } from '@tanstack/react-query'
import { getAnswer } from '../../../lib/api-client'

/**
 * Where the spec's dynamic links go (app store, Google Play, the app's deep link, the universal
 * link, the shop map), from the server's configuration. They change with a release at most: kept
 * for the session once read. By its path, not `callApi`: the header menu asks for it (first load).
 */
export function useDynamicLinks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['dynamic-links'],
    queryFn: ({ signal }) => getAnswer<'dynamicLinks'>(DYNAMIC_LINKS_PATH, signal),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  })
}
