import { lazy } from 'react'

const InquiryScreen = lazy(() => import('./inquiry-screen').then((m) => ({ default: m.InquiryScreen })))

/**
 * The router's way in to the inquiry page: a chunk of its own that loads the screen. The screen's
 * dependencies are then listed in this chunk, not in the first load's table of every screen's
 * chunks, whose budget is full (decision 0046). (A lazy component may not resolve to another lazy
 * one: this renders it.)
 */
export function InquiryRoute() {
  return <InquiryScreen />
}
