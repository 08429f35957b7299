import type { AdminInquiry } from '@puribox/contract/admin-inquiries'
import { useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import type { SignedInOperator } from '../session/session-api'
import { INQUIRIES_QUERY_KEY, inquiryQueryKey } from './inquiries-api'
import { type InquiryAccess, inquiryAccessOf } from './inquiry-access'
import { INBOX_PATH } from './inquiry-paths'

interface InquiriesContextValue {
  operator: SignedInOperator
  access: InquiryAccess
  /** The inbox as the operator last saw it (its filters): where an inquiry's page goes back to. */
  inboxAddress: string
  rememberInbox: (address: string) => void
  /** A change came back with the inquiry as it is now: shown at once, and the inbox asked again. */
  changed: (inquiry: AdminInquiry) => void
}

const InquiriesContext = createContext<InquiriesContextValue | null>(null)

/** The signed-in operator, what they may do, and the inbox's filters to go back to. */
export function InquiriesProvider({
  operator,
  children,
}: {
  operator: SignedInOperator
  children: ReactNode
}) {
  const queryClient = useQueryClient()
  const [inboxAddress, rememberInbox] = useState(INBOX_PATH)
  const changed = useCallback(
    (inquiry: AdminInquiry) => {
      queryClient.setQueryData(inquiryQueryKey(inquiry.id), inquiry)
      void queryClient.invalidateQueries({
        queryKey: INQUIRIES_QUERY_KEY,
        predicate: (query) => query.queryKey[2] !== 'inquiry' || query.queryKey[3] !== inquiry.id,
      })
    },
    [queryClient],
  )
  const value = useMemo(
    () => ({ operator, access: inquiryAccessOf(operator.role), inboxAddress, rememberInbox, changed }),
    [operator, inboxAddress, changed],
  )
  return <InquiriesContext.Provider value={value}>{children}</InquiriesContext.Provider>
}

export function useInquiries(): InquiriesContextValue {
  const value = useContext(InquiriesContext)
  if (!value) throw new Error('useInquiries outside InquiriesProvider')
  return value
}
