import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export const unsavedSummaryQueryKey = ['images', 'unsaved', 'summary'] as const

/** A mini member's unsaved puris (spec §4: fetched only for MINI; pass `enabled` accordingly). */
export function useUnsavedSummary(enabled: boolean) {
  return useQuery({
    queryKey: unsavedSummaryQueryKey,
    queryFn: ({ signal }) => callApi('unsavedSummary', { signal }),
    enabled,
    staleTime: 60 * 1000,
  })
}
