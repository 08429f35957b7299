import { links } from '@puribox/contract/pages'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { AppLink } from '../../components/app-link'
import { PageTitle } from '../../components/page-title'
import { SealIdForm } from '../../features/seal/components/seal-id-form'
import { HowItWorks } from '../../features/top/components/how-it-works'
import { TopHero } from '../../features/top/components/top-hero'
import { t } from '../../lib/i18n'

// News, banners, ads, the blog and the apps: one chunk, never in the first load (its budget).
const content = () => import('./top-content')
const TopContent = lazy(() => content().then((m) => ({ default: m.TopContent })))
const TopFooterContent = lazy(() => content().then((m) => ({ default: m.TopFooterContent })))

/**
 * True once the first screen is up: the page has loaded and the browser has a moment. The content
 * below the seal-ID entry is asked for only then, so that on a weak line it never competes with the
 * first screen (nor with hydrating the prerendered page, which must match it).
 */
function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let idle = 0
    const go = () => setReady(true)
    const whenIdle = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(go, { timeout: 1500 })
        : window.setTimeout(go, 100)
    }
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
    return () => {
      window.removeEventListener('load', whenIdle)
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle)
      window.clearTimeout(idle)
    }
  }, [])
  return ready
}

/**
 * The top page: the welcome and the seal-ID entry right there (the first screen), then what there
 * is for the viewer — news, banners, ads — then how it works, and the blog and the apps at the end.
 */
export function TopRoute() {
  const entryId = useId()
  const afterFirstScreen = useAfterFirstScreen()
  return (
    <div className="page page--top">
      <PageTitle page={t('top.title')} />
      <TopHero />
      <section className="card card--entry" aria-labelledby={entryId}>
        <h2 id={entryId} className="card__title">
          {t('top.entry.title')}
        </h2>
        <SealIdForm />
        <AppLink href={links.photoGetForm} className="text-link">
          {t('top.entry.where')}
        </AppLink>
      </section>
      {afterFirstScreen && (
        <Suspense fallback={null}>
          <TopContent />
        </Suspense>
      )}
      <HowItWorks />
      {/* The booths PuriBox works with: the machine list's models whose plays can be kept here. */}
      <AppLink
        href={`${links.machineList}?isIdFederationSupported=true`}
        className="button button--secondary button--block"
      >
        {t('top.machines')}
      </AppLink>
      {afterFirstScreen && (
        <Suspense fallback={null}>
          <TopFooterContent />
        </Suspense>
      )}
    </div>
  )
}
