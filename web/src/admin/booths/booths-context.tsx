import { useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react'
import { useLocation } from 'wouter'
import { type Flash, FlashMessage, useFlash } from '../kit/flash'
import type { SignedInOperator } from '../session/session-api'
import { type BoothAccess, boothAccessOf } from './booth-access'
import { BOOTHS_QUERY_KEY } from './booths-api'

interface BoothsContextValue {
  operator: SignedInOperator
  access: BoothAccess
  flash: Flash | null
  /** After a change: every answer of the area is asked again, and the screen at `path` says `message`. */
  changed: (path: string, message: string) => void
}

const BoothsContext = createContext<BoothsContextValue | null>(null)

/** The signed-in operator, what they may do, and the message a change left for the next screen. */
export function BoothsProvider({ operator, children }: { operator: SignedInOperator; children: ReactNode }) {
  const [, navigate] = useLocation()
  const { flash, say } = useFlash()
  const queryClient = useQueryClient()
  const changed = useCallback(
    (to: string, message: string) => {
      void queryClient.invalidateQueries({ queryKey: BOOTHS_QUERY_KEY })
      say({ path: to, message })
      navigate(to)
    },
    [navigate, queryClient, say],
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

/** The message a change left for this screen (kit/flash.tsx); gone once the operator is elsewhere. */
export function FlashNotice() {
  return <FlashMessage flash={useBooths().flash} />
}
