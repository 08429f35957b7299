import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useLocation } from 'wouter'
import { MEMBERS_PATH } from '../paths'
import type { SignedInOperator } from '../session/session-api'
import { type MemberAccess, memberAccessOf } from './member-access'

/** A sentence for the screen an action led to, shown there once: what was done, or why it was not. */
export interface Flash {
  /** The screen's address; its query (a search) is where to go, not part of which screen it is. */
  path: string
  message: string
  /** A failure is read out at once and drawn as one. */
  failed?: boolean
}

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

const pathOf = (flash: Flash) => flash.path.split('?')[0]

const MembersContext = createContext<MembersContextValue | null>(null)

/** The signed-in operator, what they may do to members, and the message an action left for a screen. */
export function MembersProvider({ operator, children }: { operator: SignedInOperator; children: ReactNode }) {
  const [path, navigate] = useLocation()
  const [flash, setFlash] = useState<Flash | null>(null)
  const [lastSearch, searched] = useState(MEMBERS_PATH)
  // Whether the message's screen has been shown: leaving it afterwards forgets the message.
  const shown = useRef(false)
  useEffect(() => {
    if (!flash) return
    if (pathOf(flash) === path) shown.current = true
    else if (shown.current) setFlash(null)
  }, [flash, path])
  const tell = useCallback(
    (next: Flash) => {
      shown.current = false
      setFlash(next)
      if (next.path !== path) navigate(next.path)
    },
    [navigate, path],
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

/** The message an action left for this screen; gone once the operator is elsewhere. */
export function FlashNotice() {
  const { flash } = useMembers()
  const [path] = useLocation()
  if (!flash || pathOf(flash) !== path) return null
  return flash.failed ? (
    <p className="notice notice--error" role="alert">
      {flash.message}
    </p>
  ) : (
    <p className="notice console-flash" role="status">
      {flash.message}
    </p>
  )
}
