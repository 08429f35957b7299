import type { BannerSpace } from '@puribox/contract/banners'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'

/**
 * The banner a space shows now: its sanitised HTML, or null when it shows none or could not be
 * loaded (a banner is never worth an error on the page).
 */
export async function fetchBannerHtml(spaceId: BannerSpace, signal?: AbortSignal): Promise<string | null> {
  try {
    return (await callApi('banner', { params: { spaceId }, signal })).bannerHtml
  } catch (error) {
    if (signal?.aborted) throw error
    return null
  }
}

export function useBanner(spaceId: BannerSpace) {
  return useQuery({
    queryKey: ['banner', spaceId],
    queryFn: ({ signal }) => fetchBannerHtml(spaceId, signal),
    staleTime: 5 * 60 * 1000,
  })
}
