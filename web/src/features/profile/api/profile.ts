import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { EntityOf, WithClock } from '../../../lib/api-client'
import { callApi } from '../../../lib/call-api'

export type Profile = WithClock<EntityOf<'profile'>>

export const profileQueryKey = ['profile', 'self'] as const
export const profileSummaryQueryKey = ['profile', 'summary'] as const

/** The member's profile. Never asked for a guest, who has none: pass `enabled` false until a member is known. */
export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => callApi('profile', { signal }),
    enabled,
    staleTime: 60 * 1000,
  })
}

/** The light profile for the frame (nickname, image, 25 or over); members only, like the profile. */
export function useProfileSummary(enabled: boolean) {
  return useQuery({
    queryKey: profileSummaryQueryKey,
    queryFn: ({ signal }) => callApi('profileSummary', { signal }),
    enabled,
    staleTime: 5 * 60 * 1000,
  })
}

/** The profile changed (saved, a new image, none): the screen and the frame read it from here. */
export function useProfileChanged() {
  const queryClient = useQueryClient()
  return (profile: Profile) => {
    queryClient.setQueryData(profileQueryKey, profile)
    void queryClient.invalidateQueries({ queryKey: profileSummaryQueryKey })
  }
}
