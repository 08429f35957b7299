import { NATIVE_APP_UA_MARKER } from '@puribox/contract/first-load-paths'

interface Environment {
  root: HTMLElement
  href: string
  userAgent: string
}

/**
 * Inside the native app the frame is hidden. The server marks the shell with
 * `<html data-client="APPLI">` (user agent or a remembered `?app=1`); the URL flag and the user agent
 * are checked here too in case the page was served without that mark.
 */
export function isNativeApp(
  env: Environment = {
    root: document.documentElement,
    href: window.location.href,
    userAgent: navigator.userAgent,
  },
): boolean {
  if (env.root.dataset.client === 'APPLI') return true
  if (new URL(env.href).searchParams.get('app') === '1') return true
  return env.userAgent.includes(NATIVE_APP_UA_MARKER)
}
