import { useQuery } from '@tanstack/react-query'
import { callApi, readAnswer } from '../../../lib/api-client'
import { takeEarlyRequest } from '../../../lib/early-requests'

export const accountSelfQueryKey = ['account', 'self'] as const

/** Who is looking: guest, mini or premium (the frame's buttons and links depend on it). */
export function useAccountSelf() {
  return useQuery({
    queryKey: accountSelfQueryKey,
    queryFn: ({ signal }) => {
      // On my page, index.html's boot script has asked already.
      const early = takeEarlyRequest('account')
      return early ? readAnswer<'accountSelf'>(early, signal) : callApi('accountSelf', { signal })
    },
    staleTime: 5 * 60 * 1000,
  })
}
