import type { MemberDetail } from '@puribox/contract/admin-members'
import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { memberPath } from './member-paths'
import { MEMBERS_QUERY_KEY, memberQueryKey } from './members-api'
import { useMembers } from './members-context'

/**
 * What every action on a member does once answered: the page shows what the server answered (the
 * member's page after the change) and asks every answer of the area again, and says what was done.
 * A refusal asks again too: what it was refused for (a penalty lifted by someone else, a member
 * deleted meanwhile) is then what the page shows.
 */
export function useMemberChange(accountId: string) {
  const queryClient = useQueryClient()
  const { tell } = useMembers()
  return useMemo(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY })
    return {
      succeeded(detail: MemberDetail, message: string) {
        queryClient.setQueryData(memberQueryKey(accountId), detail)
        refresh()
        tell({ path: memberPath(accountId), message })
      },
      failed: refresh,
    }
  }, [accountId, queryClient, tell])
}
