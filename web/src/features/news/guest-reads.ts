import { useCallback, useMemo, useSyncExternalStore } from 'react'

/**
 * The news items a guest has opened, kept in this browser (decision 0040): the server keeps a
 * member's, not a guest's. At most the latest 200 ids; a store that cannot be read counts as empty.
 */
export const GUEST_READS_KEY = 'puribox:news-read'
const MAX_IDS = 200

const listeners = new Set<() => void>()

function readIds(): string {
  try {
    return window.localStorage.getItem(GUEST_READS_KEY) ?? ''
  } catch {
    return ''
  }
}

function parse(raw: string): string[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab of this browser opened an item.
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

export function rememberGuestRead(id: string): void {
  const ids = parse(readIds()).filter((known) => known !== id)
  ids.push(id)
  try {
    window.localStorage.setItem(GUEST_READS_KEY, JSON.stringify(ids.slice(-MAX_IDS)))
  } catch {
    // Private mode or a full store: the mark lasts until the page is left.
  }
  for (const listener of listeners) listener()
}

/** Whether this browser's guest has opened an item (`rememberGuestRead` remembers one). */
export function useGuestReads() {
  const raw = useSyncExternalStore(subscribe, readIds, () => '')
  const ids = useMemo(() => parse(raw), [raw])
  const hasRead = useCallback((id: string) => ids.includes(id), [ids])
  return { hasRead }
}
