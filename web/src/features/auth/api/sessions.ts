import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'
import { accountSelfQueryKey } from '../../account/api/get-account-self'

export const sessionsQueryKey = ['account', 'sessions'] as const

/** Where the member is signed in. Members only. */
export function useSignedInSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => callApi('accountSessions', { signal }),
  })
}

/** Signing out on every device: every session ends, this one too; nothing of the member stays cached. */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi('logoutEverywhere'),
    onSuccess: (status) => {
      queryClient.clear()
      queryClient.setQueryData(accountSelfQueryKey, status)
    },
  })
}
