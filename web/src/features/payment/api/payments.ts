import type { PaymentSelf, SubscriptionStatus } from '@puribox/contract/payments-api'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { EntityOf, WithClock } from '../../../lib/api-client'
import { callApi } from '../../../lib/call-api'
import { accountSelfQueryKey } from '../../account/api/get-account-self'
import { unsavedSummaryQueryKey } from '../../mypage/public'

export const paymentSelfQueryKey = ['payment', 'self'] as const
export const paymentTrialQueryKey = ['payment', 'trial'] as const
export const unsubscribableQueryKey = ['payment', 'unsubscribable'] as const
export const subscriptionQueryKey = (id: string) => ['payment', 'subscription', id] as const

/**
 * How the member pays for premium, and where it stands (every field null without a payment). `poll`,
 * when given, is asked after every answer: the milliseconds until the next look, or false to stop.
 */
export function usePaymentSelf(
  enabled: boolean,
  poll?: (status: PaymentSelf['status'] | undefined) => number | false,
) {
  return useQuery({
    queryKey: paymentSelfQueryKey,
    queryFn: ({ signal }) => callApi('paymentSelf', { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: poll ? (query) => poll(query.state.data?.status) : false,
  })
}

/** Whether the au trial is offered to whoever is looking (it depends on their line: asked afresh). */
export function usePaymentTrial(enabled: boolean) {
  return useQuery({
    queryKey: paymentTrialQueryKey,
    queryFn: ({ signal }) => callApi('paymentTrial', { signal }),
    enabled,
    staleTime: 0,
  })
}

/** The member's payments that renew, each with the page to stop it and how. */
export function useUnsubscribable(enabled: boolean) {
  return useQuery({
    queryKey: unsubscribableQueryKey,
    queryFn: ({ signal }) => callApi('paymentUnsubscribable', { signal }),
    enabled,
    staleTime: 0,
  })
}

/**
 * One of the member's subscriptions, read on the way back from the gateway. `poll` is asked after
 * every answer: the milliseconds until the next look, or false to stop.
 */
export function useSubscription(
  id: string | null,
  poll: (status: SubscriptionStatus | undefined) => number | false,
  enabled: boolean,
) {
  return useQuery({
    queryKey: subscriptionQueryKey(id ?? ''),
    queryFn: ({ signal }) => callApi('subscription', { params: { id: id ?? '' }, signal }),
    enabled: enabled && id !== null,
    staleTime: 0,
    refetchInterval: (query) => poll(query.state.data?.status),
  })
}

/** Premium changed: the header, my page's unsaved pictures and the payment pages read it again. */
export function usePremiumChanged() {
  const queryClient = useQueryClient()
  return useCallback(() => {
    for (const queryKey of [
      accountSelfQueryKey,
      unsavedSummaryQueryKey,
      paymentSelfQueryKey,
      paymentTrialQueryKey,
      unsubscribableQueryKey,
    ])
      void queryClient.invalidateQueries({ queryKey })
  }, [queryClient])
}

/**
 * A subscription's renewals were stopped: a credit card's at once (`redirectUrl` null, premium to the
 * end of the paid period), which the payment pages and the header learn; a carrier's plan is stopped
 * at the carrier's page the answer leads to, so nothing changed yet.
 */
export function useSubscriptionCancelled() {
  const queryClient = useQueryClient()
  return (answer: WithClock<EntityOf<'cancelSubscription'>>) => {
    if (answer.redirectUrl !== null) return
    queryClient.setQueryData(paymentSelfQueryKey, { ...answer.payment, clock: answer.clock })
    void queryClient.invalidateQueries({ queryKey: unsubscribableQueryKey })
    void queryClient.invalidateQueries({ queryKey: accountSelfQueryKey })
  }
}

/**
 * A cancellation was undone: the subscription renews again, which the payment pages, the header and
 * the leaving page (it asks for a cancellation first again) learn.
 */
export function useSubscriptionResumed() {
  const queryClient = useQueryClient()
  return (answer: WithClock<EntityOf<'resumeSubscription'>>) => {
    queryClient.setQueryData(paymentSelfQueryKey, { ...answer.payment, clock: answer.clock })
    void queryClient.invalidateQueries({ queryKey: unsubscribableQueryKey })
    void queryClient.invalidateQueries({ queryKey: accountSelfQueryKey })
  }
}
