import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { accountSelfQueryKey } from './get-account-self'

/**
 * Signs out: the frame learns at once that a guest is looking, and nothing of the member stays in
 * the cache. The header menu calls it as it is (react-query's mutations are not in the top page's
 * first load); the settings page through `useLogout`.
 */
export async function logOut(queryClient: QueryClient): Promise<void> {
  const status = await callApi('logout')
  queryClient.clear()
  queryClient.setQueryData(accountSelfQueryKey, status)
}

export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: () => logOut(queryClient) })
}
