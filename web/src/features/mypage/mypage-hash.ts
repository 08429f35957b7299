import { links } from '@puribox/contract/pages'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * My page's hash routes, handled inside the page, not by the server: `#/puri/new` is the list,
 * `#/puri/unsaved` a free member's unsaved pictures, and `#/puri/{sealId}/{imageId}` the viewer
 * open on one picture (an unsaved one by its `{sealId}-{puriNumber}`), so the back button closes it.
 */
export type MypageView =
  | { view: 'list' }
  | { view: 'unsaved' }
  | { view: 'viewer'; sealId: string; imageId: string }

export const LIST_HASH = '#/puri/new'
export const UNSAVED_HASH = '#/puri/unsaved'

export function viewerHash(sealId: string, imageId: string): string {
  return `#/puri/${encodeURIComponent(sealId)}/${encodeURIComponent(imageId)}`
}

/** My page open on one picture, from another page. */
export function viewerPath(sealId: string, imageId: string): string {
  const page = links.mypage.slice(0, links.mypage.indexOf('#'))
  return `${page}${viewerHash(sealId, imageId)}`
}

export function parseMypageHash(hash: string): MypageView {
  if (hash === UNSAVED_HASH) return { view: 'unsaved' }
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

/** Also the router's own history events: a link to another view of this page (the header's) moves by them. */
const HISTORY_EVENTS = ['hashchange', 'popstate', 'pushState', 'replaceState'] as const

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  for (const event of HISTORY_EVENTS) window.addEventListener(event, listener)
  return () => {
    listeners.delete(listener)
    for (const event of HISTORY_EVENTS) window.removeEventListener(event, listener)
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
