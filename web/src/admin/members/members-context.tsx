import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { type Flash, FlashMessage, useFlash } from '../kit/flash'
import { MEMBERS_PATH } from '../paths'
import type { SignedInOperator } from '../session/session-api'
import { type MemberAccess, memberAccessOf } from './member-access'

interface MembersContextValue {
  operator: SignedInOperator
  access: MemberAccess
  flash: Flash | null
  /** Say `message` on the screen at `path`, going there when it is another. */
  tell: (flash: Flash) => void
  /** The address of the last search shown (the find screen's own when none was): the way back to it. */
  lastSearch: string
  searched: (path: string) => void
}

const MembersContext = createContext<MembersContextValue | null>(null)

/** The signed-in operator, what they may do to members, and the message an action left for a screen. */
export function MembersProvider({ operator, children }: { operator: SignedInOperator; children: ReactNode }) {
  const [path, navigate] = useLocation()
  const { flash, say } = useFlash()
  const [lastSearch, searched] = useState(MEMBERS_PATH)
  const tell = useCallback(
    (next: Flash) => {
      say(next)
      if (next.path !== path) navigate(next.path)
    },
    [navigate, path, say],
  )
  const value = useMemo(
    () => ({ operator, access: memberAccessOf(operator.role), flash, tell, lastSearch, searched }),
    [operator, flash, tell, lastSearch],
  )
  return <MembersContext.Provider value={value}>{children}</MembersContext.Provider>
}

export function useMembers(): MembersContextValue {
  const value = useContext(MembersContext)
  if (!value) throw new Error('useMembers outside MembersProvider')
  return value
}

/** The message an action left for this screen (kit/flash.tsx); gone once the operator is elsewhere. */
export function FlashNotice() {
  return <FlashMessage flash={useMembers().flash} />
}
