import { type NewsView, newsHash, parseNewsHash } from '@puribox/contract/news-pages'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * The news page's hash route (decision 0040, DESIGN §3: handled inside the page). Links to `#/…`
 * move between the list and an item by the browser's own history, so back returns to the list.
 */
const HISTORY_EVENTS = ['hashchange', 'popstate', 'pushState', 'replaceState'] as const

function subscribe(listener: () => void): () => void {
  for (const event of HISTORY_EVENTS) window.addEventListener(event, listener)
  return () => {
    for (const event of HISTORY_EVENTS) window.removeEventListener(event, listener)
  }
}

const hashSnapshot = () => window.location.hash

export function useNewsHash(): { view: NewsView; show: (view: NewsView) => void } {
  const hash = useSyncExternalStore(subscribe, hashSnapshot, () => '')
  const show = useCallback((view: NewsView) => {
    window.location.hash = newsHash(view)
  }, [])
  return { view: parseNewsHash(hash), show }
}
