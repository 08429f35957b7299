import { apiPaths } from '@puribox/contract/api-paths'
import type { InformationPage } from '@puribox/contract/pages'
import { useQuery } from '@tanstack/react-query'
import { getAnswer } from '../../../lib/api-client'

/** `GET /sp/2/information/{page}`, with `?version=` when one is named (callApi sends no query strings). */
export function informationUrl(page: InformationPage, version: string | null): string {
  const path = apiPaths.information.path.replace(':page', page)
  return version === null ? path : `${path}?${new URLSearchParams({ version })}`
}

/** An information page: the version named, or the one in force. */
export function useInformation(page: InformationPage, version: string | null) {
  return useQuery({
    queryKey: ['information', page, version],
    queryFn: ({ signal }) => getAnswer<'information'>(informationUrl(page, version), signal),
    // A published version never changes; which one is in force rarely does.
    staleTime: 5 * 60 * 1000,
  })
}
