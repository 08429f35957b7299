import { apiPaths } from '@puribox/contract/api-paths'
import { useQuery } from '@tanstack/react-query'
import { getAnswer } from '../../../lib/api-client'

/**
 * Where the spec's dynamic links go (app store, Google Play, the app's deep link, the universal
 * link, the shop map), from the server's configuration. They change with a release at most: kept
 * for the session once read.
 */
export function useDynamicLinks() {
  return useQuery({
    queryKey: ['dynamic-links'],
    queryFn: ({ signal }) => getAnswer<'dynamicLinks'>(apiPaths.dynamicLinks.path, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
