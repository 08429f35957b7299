import { useState } from 'react'
import { createTranslator, shellMessages } from '../../../lib/i18n'
import { isNativeApp } from '../../../lib/native-app'
import appOpenBar from '../../../locales/ja/appOpenBar.json'
import { useDynamicLinks } from '../../links/public'
import '../app-open-bar.css'

const t = createTranslator({ ...shellMessages, appOpenBar })

/** Where this browser remembers that the bar was closed: once closed, it stays closed. */
export const APP_OPEN_BAR_DISMISSED_KEY = 'puribox:app-open-bar-dismissed'

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(APP_OPEN_BAR_DISMISSED_KEY) !== null
  } catch {
    return false
  }
}

function rememberDismissed(): void {
  try {
    window.localStorage.setItem(APP_OPEN_BAR_DISMISSED_KEY, '1')
  } catch {
    // Private mode or a full store: closed until the page is left.
  }
}

/**
 * The page being read, at the host of the app's universal link: the installed app opens it (the
 * host lists these paths in its association files), a browser without the app shows the page. Null
 * when the configured link is not an https (or, outside production, http) address.
 */
export function appLinkFor(universalLinkUrl: string, page: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  let origin: string
  try {
    const link = new URL(universalLinkUrl)
    if (link.protocol !== 'https:' && link.protocol !== 'http:') return null
    origin = link.origin
  } catch {
    return null
  }
  return `${origin}${page.pathname}${page.search}${page.hash}`
}

/**
 * A small bar offering to open this page in the native app, by the app's universal link. Outside the
 * app only (inside it, the page already is in the app), and never again in this browser once closed.
 */
export function AppOpenBar() {
  const [dismissed, setDismissed] = useState(wasDismissed)
  const native = isNativeApp()
  const universalLinkUrl = useDynamicLinks({ enabled: !native && !dismissed }).data?.universalLinkUrl
  const href = universalLinkUrl ? appLinkFor(universalLinkUrl, window.location) : null
  if (native || dismissed || !universalLinkUrl || !href) return null

  return (
    <div className="app-open-bar" data-app-open-bar="">
      <p className="app-open-bar__text">{t('appOpenBar.text')}</p>
      <a
        href={href}
        className="button button--small app-open-bar__open"
        // The address as it is when tapped: my page keeps its view in the hash.
        onClick={(event) => {
          event.currentTarget.href = appLinkFor(universalLinkUrl, window.location) ?? href
        }}
      >
        {t('appOpenBar.open')}
      </a>
      <button
        type="button"
        className="app-open-bar__close"
        aria-label={t('appOpenBar.close')}
        onClick={() => {
          rememberDismissed()
          setDismissed(true)
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}

export default AppOpenBar
