import { isPathOf, pages } from '@puribox/contract/pages'
import { useCallback } from 'react'
import { useLocation } from 'wouter'

/** Whether the web app renders this path itself (else the server answers it: a full page load). */
export function isAppPage(href: string): boolean {
  const pathname = href.split(/[?#]/)[0] ?? href
  return pages.some((page) => isPathOf(page.path, pathname))
}

/**
 * Full page loads, behind one object so that tests can watch them (jsdom cannot navigate).
 */
export const browserPage = {
  load(href: string, options: { replace?: boolean } = {}): void {
    if (options.replace) window.location.replace(href)
    else window.location.assign(href)
  },
  reload(): void {
    window.location.reload()
  },
}

/**
 * Goes to a same-origin path: inside the web app for its pages, by a full page load for the rest
 * (pages the server renders or redirects, like sign-in). Check the path with `sameOriginPath` first
 * when it comes from the address bar.
 */
export function useGoTo() {
  const [, navigate] = useLocation()
  return useCallback(
    (href: string, options: { replace?: boolean } = {}) => {
      if (isAppPage(href)) navigate(href, options)
      else browserPage.load(href, options)
    },
    [navigate],
  )
}
