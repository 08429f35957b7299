import { links, TOP_PATH } from '@puribox/contract/pages'
import { sameOriginPathOr } from '@puribox/contract/safe-redirect'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { accountSelfQueryKey } from '../../account/api/get-account-self'

/** The server's landing after a sign-in or a registration: it checks the policy agreement, then goes to `next`. */
export function afterSignInUrl(kind: 'login' | 'register', next: string | null): string {
  const params = new URLSearchParams({ method: 'mail', next: sameOriginPathOr(next, TOP_PATH) })
  return `${kind === 'login' ? links.afterLogin : links.afterRegister}?${params}`
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: { mailAddress: string; password: string }) => callApi('login', { body }),
  })
}

export function useSendVerificationMail() {
  return useMutation({
    mutationFn: (mailAddress: string) => callApi('sendVerificationMail', { body: { mailAddress } }),
  })
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (body: { verificationId: string; code: string }) => callApi('verifyCode', { body }),
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

/** A member adds or changes the mail address: the last step; the frame learns the new address. */
export function useRegisterMailAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { verificationId: string; password?: string }) =>
      callApi('registerMailAddress', { body }),
    onSuccess: (status) => queryClient.setQueryData(accountSelfQueryKey, status),
  })
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: { verificationId: string; password: string }) => callApi('register', { body }),
  })
}

/** Signs out; the frame learns at once that a guest is looking. */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi('logout'),
    onSuccess: (status) => {
      queryClient.clear()
      queryClient.setQueryData(accountSelfQueryKey, status)
    },
  })
}
