import { links } from '@puribox/contract/pages'

/** Where each step of the mail registration lives; the URL keeps the step, so reloads and back work. */
export function mailSentPath(input: {
  verificationId: string
  mailAddress: string
  expireDate?: string
  step?: 'password'
  next?: string | null
}): string {
  const params = new URLSearchParams({ verificationId: input.verificationId, mailAddress: input.mailAddress })
  if (input.expireDate) params.set('expireDate', input.expireDate)
  if (input.step) params.set('step', input.step)
  if (input.next) params.set('next', input.next)
  return `${links.registerMailSent}?${params}`
}

export function registerEmailPath(input: { mailAddress?: string; next?: string | null } = {}): string {
  const params = new URLSearchParams()
  if (input.mailAddress) params.set('mailAddress', input.mailAddress)
  if (input.next) params.set('next', input.next)
  const query = params.toString()
  return query ? `${links.registration}?${query}` : links.registration
}
