import { DEFAULT_AFTER_SIGN_IN } from '@puribox/contract/external-auth'
import { links } from '@puribox/contract/pages'
import { sameOriginPathOr } from '@puribox/contract/safe-redirect'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EntityOf, WithClock } from '../../../lib/api-client'
import { callApi } from '../../../lib/call-api'
import { accountSelfQueryKey } from '../../account/api/get-account-self'

/** The server's landing after a sign-in or a registration: it checks the policy agreement, then goes to `next`. */
export function afterSignInUrl(kind: 'login' | 'register', next: string | null): string {
  const params = new URLSearchParams({ method: 'mail', next: sameOriginPathOr(next, DEFAULT_AFTER_SIGN_IN) })
  return `${kind === 'login' ? links.afterLogin : links.afterRegister}?${params}`
}

export function useSendVerificationMail() {
  return useMutation({
    mutationFn: (mailAddress: string) => callApi('sendVerificationMail', { body: { mailAddress } }),
  })
}

export function useVerifyLink() {
  return useMutation({
    mutationFn: ({ verificationId, token }: { verificationId: string; token: string }) =>
      callApi('verifyLink', { params: { id: verificationId }, body: { token } }),
  })
}

/** A member adds or changes the mail address: step 1. */
export function useStartMailVerification() {
  return useMutation({
    mutationFn: (mailAddress: string) => callApi('startMailVerification', { body: { mailAddress } }),
  })
}

/** The account's status changed here (a member's new address): the frame learns it at once. */
export function useAccountStatusChanged() {
  const queryClient = useQueryClient()
  return (status: WithClock<EntityOf<'accountSelf'>>) => queryClient.setQueryData(accountSelfQueryKey, status)
}

/** A member adds or changes the mail address: the last step, for an account that has a password. */
export function useRegisterMailAddress() {
  const changed = useAccountStatusChanged()
  return useMutation({
    mutationFn: (body: { verificationId: string }) => callApi('registerMailAddress', { body }),
    onSuccess: changed,
  })
}

/** Password reset: a new mail (from the code step). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (mailAddress: string) => callApi('requestPasswordReset', { body: { mailAddress } }),
  })
}

/** Password reset by the link in the mail: proves the reset for this browser. */
export function useVerifyPasswordResetLink() {
  return useMutation({
    mutationFn: ({ resetId, token }: { resetId: string; token: string }) =>
      callApi('verifyPasswordResetLink', { params: { id: resetId }, body: { token } }),
  })
}
