import { type Actor, isCaseHandler, isEditor } from '../actor'

/**
 * Who may do what with coupons in the operators' console (decision 0079):
 * - every operator reads every coupon, whatever its state, with its counts of tickets;
 * - editors and admins write a coupon, change its draft, publish and withdraw it: a coupon is
 *   content, what PuriBox offers to many members at once;
 * - support and admins give a ticket of an individual coupon to one member, and look up whom it
 *   would go to: that is a person's case (an apology, an answer to an inquiry), handled where the
 *   person's correspondence is, and the one who makes a coupon is not the one who hands it out.
 * Members get their tickets through their own routes, never here; jobs change nothing.
 */
export type CouponAction = 'read' | 'create' | 'change' | 'publish' | 'withdraw' | 'give'

export function can(actor: Actor, action: CouponAction): boolean {
  if (actor.kind !== 'operator') return false
  if (action === 'read') return true
  if (action === 'give') return isCaseHandler(actor)
  return isEditor(actor)
}
