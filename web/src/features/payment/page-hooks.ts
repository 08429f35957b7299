import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'

/**
 * The path and query this screen was opened at, kept as they were: sending a guest to the login
 * page changes the location before the screen goes, and the way back must stay this page.
 */
export function usePageAddress(): { path: string; search: string; href: string } {
  const [path] = useLocation()
  const search = useSearch()
  const [address] = useState(() => ({ path, search, href: search ? `${path}?${search}` : path }))
  return address
}

/**
 * Calls `onBack` when the browser shows this page again from its back-forward cache (the member came
 * back from the gateway's or a carrier's page with the back button): a "moving to…" state left from
 * before must give way to the buttons again.
 */
export function useBackFromPage(onBack: () => void): void {
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) onBack()
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [onBack])
}
