import { useCallback, useSyncExternalStore } from 'react'

/**
 * My page's hash routes (DESIGN §3: handled inside the page): `#/puri/new` is the list, and
 * `#/puri/{sealId}/{imageId}` the viewer open on one picture, so the back button closes the viewer.
 */
export type MypageView = { view: 'list' } | { view: 'viewer'; sealId: string; imageId: string }

export const LIST_HASH = '#/puri/new'

export function viewerHash(sealId: string, imageId: string): string {
  return `#/puri/${encodeURIComponent(sealId)}/${encodeURIComponent(imageId)}`
}

export function parseMypageHash(hash: string): MypageView {
  const match = /^#\/puri\/([^/]+)\/([^/]+)$/.exec(hash)
  if (!match || match[1] === 'new') return { view: 'list' }
  try {
    return {
      view: 'viewer',
      sealId: decodeURIComponent(match[1] as string),
      imageId: decodeURIComponent(match[2] as string),
    }
  } catch {
    return { view: 'list' }
  }
}

/** Marks the history entry this page pushed for the viewer: closing it then goes back. */
const PUSHED = 'puribox-mypage-viewer'

const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('hashchange', listener)
  window.addEventListener('popstate', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('hashchange', listener)
    window.removeEventListener('popstate', listener)
  }
}

const hashSnapshot = () => window.location.hash

/** The current view and ways to change it (pushState does not fire hashchange, so this tells itself). */
export function useMypageHash() {
  const hash = useSyncExternalStore(subscribe, hashSnapshot, () => '')
  const route = parseMypageHash(hash)

  const openViewer = useCallback((sealId: string, imageId: string) => {
    window.history.pushState({ [PUSHED]: true }, '', viewerHash(sealId, imageId))
    notify()
  }, [])

  /** Another picture in the open viewer: the same history entry, so back still closes it. */
  const showInViewer = useCallback((sealId: string, imageId: string) => {
    window.history.replaceState(window.history.state, '', viewerHash(sealId, imageId))
    notify()
  }, [])

  const closeViewer = useCallback(() => {
    const state: unknown = window.history.state
    if (typeof state === 'object' && state !== null && PUSHED in state) {
      window.history.back()
    } else {
      // Opened from a shared or reloaded address: there is no list entry behind it to go back to.
      window.history.replaceState(null, '', LIST_HASH)
      notify()
    }
  }, [])

  return { route, openViewer, showInViewer, closeViewer }
}
