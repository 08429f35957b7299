import type { Carrier } from '@puribox/contract/access'
import type { TrialDenialReason } from '@puribox/contract/payments'
import type { MemberCaller, PersonCaller } from '../../http/caller'
import type { SubscriptionRow } from './payments.repository'
import { isRenewing } from './subscription'

/**
 * Who may do what with premium payments. The services ask here; the routes only declare roles.
 * The gateway's notifications are authenticated by their signature (`verifyNotification`) and
 * change subscriptions for whoever they name.
 */

type Subscriptions = readonly Pick<SubscriptionRow, 'status' | 'trial' | 'paidUntil'>[]

/** Whether the caller may see a subscription and stop it: only the member it is for. */
export function canUseSubscription(
  caller: MemberCaller,
  subscription: Pick<SubscriptionRow, 'accountId'>,
): boolean {
  return subscription.accountId === caller.accountId
}

/**
 * Why the member may not start a subscription, or null when they may: a junior-high free premium
 * member has premium free, so there is nothing to buy (decision 0047); a premium member, or one
 * paying for a subscription already, has premium.
 */
export function startRefusal(
  caller: MemberCaller,
  subscriptions: Subscriptions,
): 'JHS_PREMIUM_ACTIVE' | 'ALREADY_PREMIUM' | null {
  if (caller.membership === 'JHS_PREMIUM') return 'JHS_PREMIUM_ACTIVE'
  if (caller.membership === 'PREMIUM' || subscriptions.some(isRenewing)) return 'ALREADY_PREMIUM'
  return null
}

/** Whether the member may start a subscription (see `startRefusal`). */
export function canStartSubscription(caller: MemberCaller, subscriptions: Subscriptions): boolean {
  return startRefusal(caller, subscriptions) === null
}

/**
 * Why the caller may not take the au trial, or null when they may (the flow's experiment may still
 * say no). In this order: a guest is no member; a member premium (paid or junior-high free) or paying
 * has premium already; the
 * access must come through au; and the trial is once: one started (the gateway took its free
 * period) is used, cancelled or not.
 */
export function trialRefusal(
  caller: PersonCaller,
  carrier: Carrier,
  subscriptions: Subscriptions,
): Exclude<TrialDenialReason, 'UFO_DENIED'> | null {
  if (caller.kind !== 'member') return 'NOT_MEMBER'
  if (!canStartSubscription(caller, subscriptions)) return 'ALREADY_PREMIUM'
  if (carrier !== 'ezweb') return 'NOT_AU'
  if (subscriptions.some((row) => row.trial && row.paidUntil !== null)) return 'TRIAL_USED'
  return null
}
