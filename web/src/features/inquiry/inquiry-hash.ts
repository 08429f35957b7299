import { type InquiryView, inquiryHash, parseInquiryHash } from '@puribox/contract/inquiry-paths'
import { useSyncExternalStore } from 'react'

/**
 * The inquiry page's steps are hash routes (`#/input/{topic}`, as the product has always linked them): the browser's back goes to
 * the step before, and a reload stays on the step.
 */
const HISTORY_EVENTS = ['hashchange', 'popstate', 'pushState', 'replaceState'] as const

function subscribe(listener: () => void): () => void {
  for (const event of HISTORY_EVENTS) window.addEventListener(event, listener)
  return () => {
    for (const event of HISTORY_EVENTS) window.removeEventListener(event, listener)
  }
}

const hashSnapshot = () => window.location.hash

export function useInquiryView(): InquiryView {
  return parseInquiryHash(useSyncExternalStore(subscribe, hashSnapshot, () => ''))
}

/** Goes to a step: a new history entry, or in place of this one (after sending: back must not send again). */
export function goTo(view: InquiryView, options: { replace?: boolean } = {}): void {
  const url = `${window.location.pathname}${window.location.search}${inquiryHash(view)}`
  if (options.replace) window.history.replaceState(null, '', url)
  else window.history.pushState(null, '', url)
  window.dispatchEvent(new Event(options.replace ? 'replaceState' : 'pushState'))
  window.scrollTo(0, 0)
}
