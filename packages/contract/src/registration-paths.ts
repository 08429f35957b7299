import { links } from './pages'

/**
 * Where each step of the mail registration lives (the web pages, and the server when the form is
 * posted without JavaScript); the URL keeps the step, so reloads and the back button work.
 */
export function mailSentPath(input: {
  verificationId: string
  mailAddress: string
  expireDate?: string
  /** `password`: choose one (registration, or an account without one); `confirm`: a member's last step. */
  step?: 'password' | 'confirm'
  next?: string | null
}): string {
  const params = new URLSearchParams({ verificationId: input.verificationId, mailAddress: input.mailAddress })
  if (input.expireDate) params.set('expireDate', input.expireDate)
  if (input.step) params.set('step', input.step)
  if (input.next) params.set('next', input.next)
  return `${links.registerMailSent}?${params}`
}

export function registerEmailPath(
  input: { mailAddress?: string; next?: string | null; error?: string } = {},
): string {
  const params = new URLSearchParams()
  if (input.error) params.set('error', input.error)
  if (input.mailAddress) params.set('mailAddress', input.mailAddress)
  if (input.next) params.set('next', input.next)
  const query = params.toString()
  return query ? `${links.registration}?${query}` : links.registration
}

/** The login page, coming back to `next` (a same-origin path) after signing in. */
export function loginPath(next: string): string {
  return `${links.login}?next=${encodeURIComponent(next)}`
}

/** A step of the password reset page (decision 0035): the address, the code, the link, the password, done. */
export function passwordResetPath(
  input: {
    resetId?: string
    mailAddress?: string
    expireDate?: string
    /** The mail's link: checked at once, then dropped from the address bar. */
    token?: string
    step?: 'password' | 'done'
    next?: string | null
  } = {},
): string {
  const params = new URLSearchParams()
  for (const name of ['resetId', 'mailAddress', 'expireDate', 'token', 'step', 'next'] as const) {
    const value = input[name]
    if (value) params.set(name, value)
  }
  const query = params.toString()
  return query ? `${links.passwordReset}?${query}` : links.passwordReset
}
