import { useSyncExternalStore } from 'react'

/**
 * The page's hash routes (the product's: `#/lp` the landing, `#/input/profile` the form), and the two
 * steps after the form: `#/input/confirm` and `#/input/sent`. Anything else is the landing.
 */
export type JhsView = 'lp' | 'profile' | 'confirm' | 'sent'

const VIEWS: Record<string, JhsView> = {
  '#/lp': 'lp',
  '#/input/profile': 'profile',
  '#/input/confirm': 'confirm',
  '#/input/sent': 'sent',
}

export const hashOf: Record<JhsView, string> = {
  lp: '#/lp',
  profile: '#/input/profile',
  confirm: '#/input/confirm',
  sent: '#/input/sent',
}

const HISTORY_EVENTS = ['hashchange', 'popstate'] as const

function subscribe(listener: () => void): () => void {
  for (const event of HISTORY_EVENTS) window.addEventListener(event, listener)
  return () => {
    for (const event of HISTORY_EVENTS) window.removeEventListener(event, listener)
  }
}

export function useJhsView(): JhsView {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  )
  return VIEWS[hash] ?? 'lp'
}

/** Goes to a step by the browser's history (back returns), at the top of the page. */
export function goTo(view: JhsView, options: { replace?: boolean } = {}): void {
  const url = `${window.location.pathname}${window.location.search}${hashOf[view]}`
  if (options.replace) window.history.replaceState(null, '', url)
  else window.history.pushState(null, '', url)
  window.dispatchEvent(new HashChangeEvent('hashchange'))
  window.scrollTo(0, 0)
}
