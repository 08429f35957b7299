import { type ReactNode, useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { useAccountSelf } from '../../features/account/api/get-account-self'
import { t } from '../../lib/i18n'
import { findPage } from '../find-page'
import { Footer } from './footer'
import { Header } from './header'
import { toViewer } from './viewer'

/**
 * The shared frame around every screen: header and footer in the variants the page declares in the
 * contract, both hidden inside the native app.
 */
export function Frame({ nativeApp, children }: { nativeApp: boolean; children: ReactNode }) {
  const [location] = useLocation()
  const page = findPage(location)
  const viewer = toViewer(useAccountSelf().data)
  const mainRef = useRef<HTMLElement>(null)
  const previousLocation = useRef(location)

  // After moving to another page, start at its top, and let screen readers start there too.
  useEffect(() => {
    if (previousLocation.current === location) return
    previousLocation.current = location
    window.scrollTo(0, 0)
    mainRef.current?.focus({ preventScroll: true })
  }, [location])

  return (
    <div className="frame" data-native-app={nativeApp || undefined}>
      {!nativeApp && (
        <>
          <a className="skip-link" href="#main">
            {t('common.skipToContent')}
          </a>
          <Header variant={page?.header ?? 'all'} viewer={viewer} />
        </>
      )}
      <main id="main" ref={mainRef} tabIndex={-1} className="frame__main">
        {children}
      </main>
      {!nativeApp && <Footer variant={page?.footer ?? 'primary'} viewer={viewer} />}
    </div>
  )
}
