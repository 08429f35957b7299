import { apiPaths } from '@puribox/contract/api-paths'
import type { ProfileUpdate } from '@puribox/contract/profile'
import { PROFILE_IMAGE_FIELD } from '@puribox/contract/profile-rules'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, callApi, type EntityOf, readAnswer, type WithClock } from '../../../lib/api-client'

export type Profile = WithClock<EntityOf<'profile'>>

export const profileQueryKey = ['profile', 'self'] as const
export const profileSummaryQueryKey = ['profile', 'summary'] as const

/** The member's profile. Never asked for a guest (spec §6): pass `enabled` false until a member is known. */
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

function useProfileChanged() {
  const queryClient = useQueryClient()
  return (profile: Profile) => {
    queryClient.setQueryData(profileQueryKey, profile)
    void queryClient.invalidateQueries({ queryKey: profileSummaryQueryKey })
  }
}

export function useUpdateProfile() {
  const changed = useProfileChanged()
  return useMutation({
    mutationFn: (body: ProfileUpdate) => callApi('profileUpdate', { body }),
    onSuccess: changed,
  })
}

export function useRemoveProfileImage() {
  const changed = useProfileChanged()
  return useMutation({ mutationFn: () => callApi('profileImageRemove'), onSuccess: changed })
}

/**
 * POST /sp/profile/image with upload progress (fetch cannot report it): `onProgress` gets 0–1 while
 * the bytes go out. Answers like callApi, errors included.
 */
export function uploadProfileImage(file: Blob, onProgress: (sent: number) => void): Promise<Profile> {
  const { method, path } = apiPaths.profileImageUpload
  const form = new FormData()
  form.append(PROFILE_IMAGE_FIELD, file, file instanceof File ? file.name : 'image')
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, path)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const answer = new Response(request.responseText, {
        status: request.status,
        headers: { 'Content-Type': 'application/json' },
      })
      readAnswer<'profileImageUpload'>(Promise.resolve(answer)).then(resolve, reject)
    }
    request.onerror = () => reject(new ApiError('NETWORK', 0, 'upload failed'))
    request.onabort = () => reject(new ApiError('NETWORK', 0, 'upload aborted'))
    request.send(form)
  })
}

export function useUploadProfileImage(onProgress: (sent: number) => void) {
  const changed = useProfileChanged()
  return useMutation({
    mutationFn: (file: Blob) => uploadProfileImage(file, onProgress),
    onSuccess: changed,
  })
}
