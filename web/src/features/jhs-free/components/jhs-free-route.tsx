import { lazy } from 'react'

const JhsFreeScreen = lazy(() => import('./jhs-free-screen').then((m) => ({ default: m.JhsFreeScreen })))

/**
 * The page's entry in the router: only this tiny chunk's name is in the first load, whose budget
 * is full (decision 0048); the screen, its styles and the form kit come with the next request.
 */
export function JhsFreeRoute() {
  return <JhsFreeScreen />
}
