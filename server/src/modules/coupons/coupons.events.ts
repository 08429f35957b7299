/**
 * The events the coupons module emits when an operator changes a coupon or gives a ticket, each in
 * the transaction of the change (decision 0069). A coupon's events target `{ kind: 'coupon', id }`,
 * their `before` and `after` the changed fields (a new draft's `after` all of them). A ticket given
 * targets the member, `{ kind: 'account', id }`, as every step of a person's case does: the member's
 * trail in the audit log shows it, its `after` the coupon and the ticket's validity. A ticket a
 * member gets by opening their coupons page is no event: it is theirs by the coupon's rule.
 */
declare module '../events' {
  interface DomainEvents {
    'coupons.draft-created': { couponId: string }
    'coupons.changed': { couponId: string }
    'coupons.published': { couponId: string }
    'coupons.withdrawn': { couponId: string }
    'coupons.ticket-given': { couponId: string; accountId: string; ticketId: string }
  }
}

export type CouponEventName =
  | 'coupons.draft-created'
  | 'coupons.changed'
  | 'coupons.published'
  | 'coupons.withdrawn'
