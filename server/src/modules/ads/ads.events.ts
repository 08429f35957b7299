/**
 * The events the ads module emits when an operator changes an ad or a space, each in the
 * transaction of the change (decision 0069). An ad's events target `{ kind: 'ad', id }` (its number
 * as text), a space's `{ kind: 'ad-space', id }`; their `before` and `after` hold the changed fields
 * (a new one's `after` all of them). Moving the top page's spot to a space is one event of that
 * space, its `before` naming the space that had it. An uploaded picture is no event: nothing
 * changes until an ad names it, and that change is one. A scheduled ad reaching its start is none
 * either: its `ads.scheduled` said when.
 */
declare module '../events' {
  interface DomainEvents {
    'ads.draft-created': { adId: number }
    'ads.changed': { adId: number }
    'ads.scheduled': { adId: number }
    'ads.published': { adId: number }
    'ads.withdrawn': { adId: number }
    'ads.space-created': { spaceId: string }
    'ads.space-changed': { spaceId: string }
  }
}

export type AdEventName = 'ads.changed' | 'ads.scheduled' | 'ads.published' | 'ads.withdrawn'
