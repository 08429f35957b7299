import { lazy } from 'react'

/**
 * What other parts of the web app may use of the ads: the slot, as its own chunk (nothing of it is
 * in the first load). Mount it below the first screen, inside a Suspense with no fallback:
 * `<Suspense fallback={null}><AdSlot placement="topPage" /></Suspense>`; it shows nothing until it
 * has ads for the viewer.
 */
export const AdSlot = lazy(() => import('./components/ad-slot'))
