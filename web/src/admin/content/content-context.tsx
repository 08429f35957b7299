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

/** Every answer of the content areas starts with this key, so a change asks their screens again. */
export const CONTENT_QUERY_KEY = ['admin', 'content'] as const

/** A sentence for the screen a change led to ("published"), shown there once. */
interface Flash {
  path: string
  message: string
}

interface ContentContextValue {
  operator: SignedInOperator
  flash: Flash | null
  /**
   * After a change: every answer of the content areas is asked again, and the screen at `path`
   * (the one shown, or another to go to) says `message`.
   */
  changed: (path: string, message: string) => void
}

const pathOf = (flash: Flash) => flash.path.split('?')[0]

const ContentContext = createContext<ContentContextValue | null>(null)

/** The signed-in operator and the message a change left for the next screen. */
export function ContentProvider({ operator, children }: { operator: SignedInOperator; children: ReactNode }) {
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
      void queryClient.invalidateQueries({ queryKey: CONTENT_QUERY_KEY })
      shown.current = false
      setFlash({ path: to, message })
      if (pathOf({ path: to, message }) !== path) navigate(to)
    },
    [navigate, path, queryClient],
  )
  const value = useMemo(() => ({ operator, flash, changed }), [operator, flash, changed])
  return <ContentContext.Provider value={value}>{children}</ContentContext.Provider>
}

export function useContent(): ContentContextValue {
  const value = useContext(ContentContext)
  if (!value) throw new Error('useContent outside ContentProvider')
  return value
}

/** The message a change left for this screen; gone once the operator is elsewhere. */
export function FlashNotice() {
  const { flash } = useContent()
  const [path] = useLocation()
  if (!flash || pathOf(flash) !== path) return null
  return (
    <p className="notice console-flash" role="status">
      {flash.message}
    </p>
  )
}
