/** Something worth counting: for now, failures people run into (a failed agreement is recorded as an error event). */
export interface AnalyticsEvent {
  category: 'error'
  /** What happened, snake_case, e.g. `policy_agreement_failed`. */
  action: string
  /** Detail, e.g. the error code. Never personal data. */
  label?: string
}

/** The window event every analytics event is also dispatched as (for a tag manager, and for tests). */
export const ANALYTICS_EVENT = 'puribox:analytics'

/**
 * Records an analytics event: pushed to `window.dataLayer` when a tag manager put one there, and
 * dispatched on `window`. No analytics service is wired yet; this is the one place to wire it.
 */
export function reportEvent(event: AnalyticsEvent): void {
  const layer = (window as { dataLayer?: unknown }).dataLayer
  if (Array.isArray(layer)) layer.push({ event: 'puribox', ...event })
  window.dispatchEvent(new CustomEvent<AnalyticsEvent>(ANALYTICS_EVENT, { detail: event }))
}
