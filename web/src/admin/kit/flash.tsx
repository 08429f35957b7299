import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'

/** A sentence for the screen a change led to, shown there once: what was done, or why it was not. */
export interface Flash {
  /** The screen's address; its query (a search) is where to go, not part of which screen it is. */
  path: string
  message: string
  /** A failure is read out at once and drawn as one. */
  failed?: boolean
}

/** The screen (the address without its query) a flash is for. */
export const screenOf = (address: string) => address.split('?')[0]

/**
 * An area's flash: `say` leaves a message for the screen at its path; once that screen has been
 * shown, leaving it forgets the message. Where to go after saying it is the area's to decide.
 */
export function useFlash(): { flash: Flash | null; say: (flash: Flash) => void } {
  const [path] = useLocation()
  const [flash, setFlash] = useState<Flash | null>(null)
  // Whether the message's screen has been shown: leaving it afterwards forgets the message.
  const shown = useRef(false)
  useEffect(() => {
    if (!flash) return
    if (screenOf(flash.path) === path) shown.current = true
    else if (shown.current) setFlash(null)
  }, [flash, path])
  const say = useCallback((next: Flash) => {
    shown.current = false
    setFlash(next)
  }, [])
  return { flash, say }
}

/** The message a change left for this screen, if it is for this one. */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const [path] = useLocation()
  if (!flash || screenOf(flash.path) !== path) return null
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
