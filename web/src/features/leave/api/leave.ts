import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { EntityOf, WithClock } from '../../../lib/api-client'
import { callApi } from '../../../lib/call-api'
import { accountSelfQueryKey } from '../../account/api/get-account-self'

export const deletionCheckQueryKey = ['account', 'deletionCheck'] as const

/** May this member delete the account now, and is the password asked? */
export function useDeletionCheck(enabled: boolean) {
  return useQuery({
    queryKey: deletionCheckQueryKey,
    queryFn: ({ signal }) => callApi('accountDeletionCheck', { signal }),
    enabled,
    staleTime: 0,
  })
}

/** The account is deleted: this browser is a guest's, and nothing of the account stays cached. */
export function useAccountDeleted() {
  const queryClient = useQueryClient()
  return (guestStatus: WithClock<EntityOf<'accountDelete'>>) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== accountSelfQueryKey[0] })
    queryClient.removeQueries({ queryKey: deletionCheckQueryKey })
    queryClient.setQueryData(accountSelfQueryKey, guestStatus)
  }
}
