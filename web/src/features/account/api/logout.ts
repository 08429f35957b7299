import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'
import { accountSelfQueryKey } from './get-account-self'

/**
 * Signs out (the settings page and the header menu): the frame learns at once that a guest is
 * looking, and nothing of the member stays in the cache.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi('logout'),
    onSuccess: (status) => {
      queryClient.clear()
      queryClient.setQueryData(accountSelfQueryKey, status)
    },
  })
}
