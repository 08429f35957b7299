import type { CouponTicket, CouponTickets } from '@puribox/contract/coupons'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'

export const couponTicketsKey = ['coupons', 'tickets'] as const

/** The member's tickets (listing them also grants those due: decision 0044). */
export function useCouponTickets(enabled: boolean) {
  return useQuery({
    queryKey: couponTicketsKey,
    queryFn: ({ signal }) => callApi('couponTickets', { signal }),
    enabled,
  })
}

/**
 * Uses a ticket once. Success puts the used ticket in the list as it is; a failure (used elsewhere
 * meanwhile, expired) reloads the list, so the card shows where the ticket really stands.
 */
export function useUseTicket() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callApi('couponTicketUse', { params: { id } }),
    onSuccess: (used: CouponTicket) => {
      queryClient.setQueryData<CouponTickets>(couponTicketsKey, (list) =>
        list
          ? { ...list, tickets: list.tickets.map((ticket) => (ticket.id === used.id ? used : ticket)) }
          : list,
      )
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: couponTicketsKey }),
  })
}
