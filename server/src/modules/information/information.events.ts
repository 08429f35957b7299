import type { InformationPage } from '@puribox/contract/pages'

/**
 * The events the information module emits when an operator changes an information page in the
 * console, each in the transaction of the change, its target `{ kind: 'information-page', id: page }`
 * (so a page's audit trail holds all its versions). A draft's `before` and `after` hold its changed
 * fields (a new draft's `after` all of them, a discarded one's `before` all of them); publishing,
 * scheduling and taking a schedule back, the version and its publication time. `publishedAt` is an
 * ISO 8601 instant: the policies module publishes a policy's version from it, in the same
 * transaction. The texts shipped with PuriBox, published at start, are no event.
 */
declare module '../events' {
  interface DomainEvents {
    'information.draft-created': { page: InformationPage; version: string }
    'information.draft-changed': { page: InformationPage; version: string }
    'information.draft-discarded': { page: InformationPage; version: string }
    'information.published': { page: InformationPage; version: string; publishedAt: string }
    'information.scheduled': { page: InformationPage; version: string; publishedAt: string }
    'information.unscheduled': { page: InformationPage; version: string }
  }
}

export type InformationEventName =
  | 'information.draft-created'
  | 'information.draft-changed'
  | 'information.draft-discarded'
  | 'information.published'
  | 'information.scheduled'
  | 'information.unscheduled'
