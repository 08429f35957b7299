/**
 * The events the banners module emits when an operator changes a banner, each in the transaction of
 * the change. A banner's target is `{ kind: 'banner', id }`, its `before` and `after` the changed
 * fields (a new banner's `after` all of them, its HTML as stored: sanitised). A space's new order
 * is `{ kind: 'banner-space', id: spaceId }`, with the ids in order before and after.
 */
declare module '../events' {
  interface DomainEvents {
    'banner.created': { bannerId: string; spaceId: string }
    'banner.changed': { bannerId: string; spaceId: string }
    'banner.withdrawn': { bannerId: string; spaceId: string }
    'banner.ordered': { spaceId: string }
  }
}

export type BannerStepEvent = 'banner.changed' | 'banner.withdrawn'
