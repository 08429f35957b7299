import { apiPaths } from '@puribox/contract/api-paths'
import { useInfiniteQuery } from '@tanstack/react-query'
import { getAnswer, readAnswer } from '../../../lib/api-client'
import { takeEarlyRequest } from '../../../lib/early-requests'

export const savedPlaysQueryKey = ['mypage', 'plays'] as const

/** `GET /sp/2/mypage/plays?page=N` (callApi sends no query strings, hence the URL here). */
export function savedPlaysUrl(page: number): string {
  return `${apiPaths.savedPlays.path}?${new URLSearchParams({ page: String(page) })}`
}

/** One page of plays; the first one may already be on its way from index.html's boot script. */
function fetchSavedPlays(page: number, signal: AbortSignal) {
  const early = page === 1 ? takeEarlyRequest('plays') : undefined
  return early
    ? readAnswer<'savedPlays'>(early, signal)
    : getAnswer<'savedPlays'>(savedPlaysUrl(page), signal)
}

/** The member's saved plays, newest first, a page at a time (`fetchNextPage` for the next one). */
export function useSavedPlays(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: savedPlaysQueryKey,
    queryFn: ({ pageParam, signal }) => fetchSavedPlays(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPage ? last.currentPage + 1 : undefined),
    enabled,
  })
}
