import { useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react'
import { useLocation } from 'wouter'
import { type Flash, FlashMessage, screenOf, useFlash } from '../kit/flash'
import type { SignedInOperator } from '../session/session-api'

/** Every answer of the content areas starts with this key, so a change asks their screens again. */
export const CONTENT_QUERY_KEY = ['admin', 'content'] as const

interface ContentContextValue {
  operator: SignedInOperator
  flash: Flash | null
  /**
   * After a change: every answer of the content areas is asked again, and the screen at `path`
   * (the one shown, or another to go to) says `message`.
   */
  changed: (path: string, message: string) => void
}

const ContentContext = createContext<ContentContextValue | null>(null)

/** The signed-in operator and the message a change left for the next screen. */
export function ContentProvider({ operator, children }: { operator: SignedInOperator; children: ReactNode }) {
  const [path, navigate] = useLocation()
  const { flash, say } = useFlash()
  const queryClient = useQueryClient()
  const changed = useCallback(
    (to: string, message: string) => {
      void queryClient.invalidateQueries({ queryKey: CONTENT_QUERY_KEY })
      say({ path: to, message })
      if (screenOf(to) !== path) navigate(to)
    },
    [navigate, path, queryClient, say],
  )
  const value = useMemo(() => ({ operator, flash, changed }), [operator, flash, changed])
  return <ContentContext.Provider value={value}>{children}</ContentContext.Provider>
}

export function useContent(): ContentContextValue {
  const value = useContext(ContentContext)
  if (!value) throw new Error('useContent outside ContentProvider')
  return value
}

/** The message a change left for this screen (kit/flash.tsx); gone once the operator is elsewhere. */
export function FlashNotice() {
  return <FlashMessage flash={useContent().flash} />
}
