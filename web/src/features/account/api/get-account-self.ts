import { ACCOUNT_SELF_PATH } from '@puribox/contract/first-load-paths'
import { useQuery } from '@tanstack/react-query'
import { getAnswer, readAnswer } from '../../../lib/api-client'
import { takeEarlyRequest } from '../../../lib/early-requests'

export const accountSelfQueryKey = ['account', 'self'] as const

/**
 * Who is looking: guest, mini or premium (the frame's buttons and links depend on it). Asked by its
 * path rather than through `callApi`, whose table of every route would weigh on every first load.
 */
export function useAccountSelf() {
  return useQuery({
    queryKey: accountSelfQueryKey,
    queryFn: ({ signal }) => {
      // On my page, index.html's boot script has asked already.
      const early = takeEarlyRequest('account')
      return early
        ? readAnswer<'accountSelf'>(early, signal)
        : getAnswer<'accountSelf'>(ACCOUNT_SELF_PATH, signal)
    },
    staleTime: 5 * 60 * 1000,
  })
}
