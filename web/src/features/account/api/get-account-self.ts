import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export const accountSelfQueryKey = ['account', 'self'] as const

/** Who is looking: guest, mini or premium (the frame's buttons and links depend on it). */
export function useAccountSelf() {
  return useQuery({
    queryKey: accountSelfQueryKey,
    queryFn: ({ signal }) => callApi('accountSelf', { signal }),
    staleTime: 5 * 60 * 1000,
  })
}
