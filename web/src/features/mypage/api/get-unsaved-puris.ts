import { apiPaths } from '@puribox/contract/api-paths'
import { useInfiniteQuery } from '@tanstack/react-query'
import { getAnswer } from '../../../lib/api-client'

/** Unsaved pictures a page asks for (10 a page, as the product always asked). */
export const UNSAVED_PAGE_SIZE = 10

/** `GET /sp/2/images/unsaved_only/list.json`, finished and raw puris (callApi sends no query strings). */
export function unsavedListUrl(page: number): string {
  const query = new URLSearchParams({
    count: String(UNSAVED_PAGE_SIZE),
    page: String(page),
    puri: '1',
    raw: '1',
  })
  return `${apiPaths.unsavedList.path}?${query}`
}

/**
 * A free member's unsaved pictures, soonest expiry first, ten at a time (`fetchNextPage` for more).
 * Fetched only for MINI, the only members who have any; pass `enabled` accordingly.
 */
export function useUnsavedPuris(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['images', 'unsaved', 'list'],
    queryFn: ({ pageParam, signal }) => getAnswer<'unsavedList'>(unsavedListUrl(pageParam), signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPage ? last.currentPage + 1 : undefined),
    enabled,
  })
}
