import { type NewsView, parseNewsHash } from '@puribox/contract/news-pages'
import { useSyncExternalStore } from 'react'

/**
 * The news page's hash route (decision 0040), handled inside the page, not by the server. Links to `#/…`
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

/** What the page shows now, from its hash. */
export function useNewsHash(): { view: NewsView } {
  const hash = useSyncExternalStore(subscribe, hashSnapshot, () => '')
  return { view: parseNewsHash(hash) }
}
