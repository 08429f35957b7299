import { UNSAVED_SUMMARY_PATH } from '@puribox/contract/first-load-paths'
import { useQuery } from '@tanstack/react-query'
import { getAnswer } from '../../../lib/api-client'

export const unsavedSummaryQueryKey = ['images', 'unsaved', 'summary'] as const

/**
 * A mini member's unsaved puris (fetched only for MINI, the only members who have any; pass `enabled` accordingly). The
 * header's badge asks on every page, so by its path (not `callApi`, which would bring every route's
 * path into the first load).
 */
export function useUnsavedSummary(enabled: boolean) {
  return useQuery({
    queryKey: unsavedSummaryQueryKey,
    queryFn: ({ signal }) => getAnswer<'unsavedSummary'>(UNSAVED_SUMMARY_PATH, signal),
    enabled,
    staleTime: 60 * 1000,
  })
}
