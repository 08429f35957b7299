import { useQueryClient } from '@tanstack/react-query'
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
import type { SignedInOperator } from '../session/session-api'
import { type BoothAccess, boothAccessOf } from './booth-access'
import { BOOTHS_QUERY_KEY } from './booths-api'

/** A sentence for the screen a change led to ("saved"), shown there once. */
interface Flash {
  path: string
  message: string
}

interface BoothsContextValue {
  operator: SignedInOperator
  access: BoothAccess
  flash: Flash | null
  /** After a change: every answer of the area is asked again, and the screen at `path` says `message`. */
  changed: (path: string, message: string) => void
}

const pathOf = (flash: Flash) => flash.path.split('?')[0]

const BoothsContext = createContext<BoothsContextValue | null>(null)

/** The signed-in operator, what they may do, and the message a change left for the next screen. */
export function BoothsProvider({ operator, children }: { operator: SignedInOperator; children: ReactNode }) {
  const [path, navigate] = useLocation()
  const [flash, setFlash] = useState<Flash | null>(null)
  // Whether the message's screen has been shown: leaving it afterwards forgets the message.
  const shown = useRef(false)
  useEffect(() => {
    if (!flash) return
    if (pathOf(flash) === path) shown.current = true
    else if (shown.current) setFlash(null)
  }, [flash, path])
  const queryClient = useQueryClient()
  const changed = useCallback(
    (to: string, message: string) => {
      void queryClient.invalidateQueries({ queryKey: BOOTHS_QUERY_KEY })
      shown.current = false
      setFlash({ path: to, message })
      navigate(to)
    },
    [navigate, queryClient],
  )
  const value = useMemo(
    () => ({ operator, access: boothAccessOf(operator.role), flash, changed }),
    [operator, flash, changed],
  )
  return <BoothsContext.Provider value={value}>{children}</BoothsContext.Provider>
}

export function useBooths(): BoothsContextValue {
  const value = useContext(BoothsContext)
  if (!value) throw new Error('useBooths outside BoothsProvider')
  return value
}

/** The message a change left for this screen; gone once the operator is elsewhere. */
export function FlashNotice() {
  const { flash } = useBooths()
  const [path] = useLocation()
  if (!flash || pathOf(flash) !== path) return null
  return (
    <p className="notice console-flash" role="status">
      {flash.message}
    </p>
  )
}
