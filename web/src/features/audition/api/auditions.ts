import type { GuardianAnswer, GuardianRelation } from '@puribox/contract/audition-consent-rules'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/call-api'

export const auditionsKey = ['auditions'] as const

/**
 * The auditions open now, with the member's age rule and latest check. Not kept once the page is
 * left: the member may come back from the profile with a birthday, or from the verifier.
 */
export function useAuditions(enabled: boolean) {
  return useQuery({
    queryKey: auditionsKey,
    queryFn: ({ signal }) => callApi('auditions', { signal }),
    enabled,
    gcTime: 0,
  })
}

/**
 * One check, read on the way back from the verifier: the server asks the verifier for its outcome.
 * Once it has one, the list is loaded again so that the card shows it too.
 */
export function useAuditionCheck(checkId: string | null, enabled: boolean) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: ['auditions', 'check', checkId],
    queryFn: async ({ signal }) => {
      const check = await callApi('auditionCheck', { params: { checkId: checkId ?? '' }, signal })
      void queryClient.invalidateQueries({ queryKey: auditionsKey, exact: true })
      return check
    },
    enabled: enabled && checkId !== null,
  })
}

/** Starts (or continues) a check: the answer names the verifier's page to go to. */
export function useStartCheck() {
  return useMutation({
    mutationFn: (auditionId: string) => callApi('auditionCheckStart', { params: { id: auditionId } }),
  })
}

/** Reloads the list once a guardian consent request went out, so the card shows it. */
export function useAuditionsChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: auditionsKey, exact: true })
}

/** Sends the same request again (a lost mail): the guardian's details as the member typed them. */
export function useAskGuardianAgain() {
  const changed = useAuditionsChanged()
  return useMutation({
    mutationFn: (input: {
      auditionId: string
      body: { guardianName: string; relation: GuardianRelation; mailAddress: string }
    }) => callApi('auditionGuardianConsent', { params: { id: input.auditionId }, body: input.body }),
    onSuccess: () => void changed(),
  })
}

/**
 * The consent request a guardian's link names. Read once: answering it, or a newer request, makes the
 * link useless, and the page shows why.
 */
export function useConsentRequest(token: string | null) {
  return useQuery({
    queryKey: ['auditions', 'consent', token],
    queryFn: ({ signal }) => callApi('auditionConsentRead', { body: { token: token ?? '' }, signal }),
    enabled: token !== null,
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** The guardian's answer (agree or decline), kept once by the server. */
export function useAnswerConsent() {
  return useMutation({
    mutationFn: (body: { token: string; answer: GuardianAnswer; confirmed: boolean }) =>
      callApi('auditionConsentAnswer', { body }),
  })
}
