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

/** Whether the member may start a subscription: not while premium, nor while paying for one already. */
export function canStartSubscription(caller: MemberCaller, subscriptions: Subscriptions): boolean {
  return caller.membership !== 'PREMIUM' && !subscriptions.some(isRenewing)
}

/**
 * Why the caller may not take the au trial, or null when they may (the flow's experiment may still
 * say no). In this order: a guest is no member; a member premium or paying has premium already; the
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
