import type { InquiryCheck } from '@puribox/contract/inquiries'
import type { InquiryDraft } from '@puribox/contract/inquiry-rules'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { callApi } from '../../../lib/call-api'

/** How long typing must pause before the seal IDs and addresses are checked by the server. */
export const CHECK_DELAY_MS = 700

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs)
    return () => window.clearTimeout(timer)
  }, [value, delayMs])
  return settled
}

/**
 * The server's hints for what is typed: whether each seal exists (and its puris' numbers) and
 * whether each address's domain receives mail. Only well-formed entries are asked about, once typing
 * pauses; the server limits how often (RATE_LIMITED: the form then goes on without the hints).
 */
export function useDraftCheck(sealIds: readonly string[], mailAddresses: readonly string[]) {
  const settled = useDebounced(JSON.stringify([sealIds, mailAddresses]), CHECK_DELAY_MS)
  const [seals, mails] = JSON.parse(settled) as [string[], string[]]
  return useQuery({
    queryKey: ['inquiry', 'check', settled],
    queryFn: ({ signal }): Promise<InquiryCheck> =>
      callApi('inquiryCheck', { body: { sealIds: seals, mailAddresses: mails }, signal }),
    enabled: seals.length + mails.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}

export function sendInquiry(key: string, draft: InquiryDraft) {
  const { sealIds, howToRegister, ...rest } = draft
  return callApi('inquirySend', {
    body: {
      ...rest,
      idempotencyKey: key,
      mailAddresses: [...draft.mailAddresses],
      ...(sealIds ? { sealIds: [...sealIds] } : {}),
      ...(howToRegister ? { howToRegister: [...howToRegister] } : {}),
    },
  })
}
