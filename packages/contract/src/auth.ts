import { z } from 'zod'
import { accountStatusResponse } from './account'
import { agreedPoliciesSchema } from './policies'
import { wrapped } from './wrapper'

/** Limits of what people type, shared by the server's checks and the forms' own. */
export const AUTH_LIMITS = {
  mailAddressMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  /** Digits of the code in the verification mail. */
  codeLength: 6,
} as const

/**
 * A mail address as people type it: trimmed, full-width folded (NFKC), the domain lower-cased.
 * One `@`, a dot in the domain, no spaces or control characters: enough to refuse typos, with the
 * verification mail as the real check.
 */
export function normalizeMailAddress(input: string): string | null {
  const value = input.normalize('NFKC').trim()
  if (value.length === 0 || value.length > AUTH_LIMITS.mailAddressMax) return null
  const at = value.lastIndexOf('@')
  if (at <= 0 || at !== value.indexOf('@')) return null
  const local = value.slice(0, at)
  const domain = value.slice(at + 1).toLowerCase()
  if (local.length > 64 || !/^[\x21-\x7e]+$/.test(local)) return null
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) || domain.length > 253) return null
  return `${local}@${domain}`
}

export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | 'SAME_AS_MAIL' | 'ONE_CHARACTER'

/** Why a new password is refused, or null. The form shows it as the user types; the server enforces it. */
export function passwordProblem(password: string, mailAddress: string | null): PasswordProblem | null {
  const length = [...password].length
  if (length < AUTH_LIMITS.passwordMin) return 'TOO_SHORT'
  if (length > AUTH_LIMITS.passwordMax) return 'TOO_LONG'
  if (new Set(password).size === 1) return 'ONE_CHARACTER'
  if (mailAddress && password.toLowerCase() === mailAddress.toLowerCase()) return 'SAME_AS_MAIL'
  return null
}

export const mailAddressSchema = z
  .string()
  .max(1000)
  .meta({ format: 'email' })
  .describe('A mail address (at most 254 characters once trimmed); any other is MAIL_ADDRESS_INVALID.')

export const passwordSchema = z.string().max(1000)

/** POST /sp/2/api/account/mail_address: send the verification mail (code and link). */
export const sendVerificationMailBodySchema = z.object({ mailAddress: mailAddressSchema })

/**
 * Registration's mail: the address, and where the person was going (a same-origin path, such as
 * saving the seal they came with), which the mail's link carries, so that opening it in any browser
 * ends there too. Anything else in `next` is left out of the link.
 */
export const registrationMailBodySchema = sendVerificationMailBodySchema.extend({
  next: z
    .string()
    .max(2000)
    .optional()
    .describe('A same-origin path to end on after registering; the mail link carries it.'),
})

export const verificationSentSchema = z.object({
  /** Keep it: the code is checked against this verification. */
  verificationId: z.string(),
  mailAddress: z.string(),
  /** When the code and the link stop working, Japan time. */
  expireDate: z.string(),
})
export type VerificationSent = z.infer<typeof verificationSentSchema>

/** POST /sp/2/api/account/mail_address/verification: the code from the mail. */
export const verifyCodeBodySchema = z.object({
  verificationId: z.string().max(100),
  code: z.string().max(100),
})

/** POST /sp/2/api/email_verifications/{id}/verified/: the link from the mail. */
export const verificationParamsSchema = z.object({ id: z.string().max(100) })
export const verifyLinkBodySchema = z.object({ token: z.string().max(200) })

export const verifiedSchema = z.object({
  verificationId: z.string(),
  mailAddress: z.string(),
  /**
   * Whether the next step must choose a password: always for a registration, and for a member
   * whose account has none yet (made by LINE, Twitter or a carrier).
   */
  passwordRequired: z.boolean(),
})
export type Verified = z.infer<typeof verifiedSchema>

/** POST /sp/2/api/account/: create the account with a password, on this session's verified address. */
export const registerBodySchema = z.object({
  verificationId: z.string().max(100),
  password: passwordSchema,
  /**
   * The policies the person agreed to on this step: every kind, each in its latest version (the
   * agreement payload of POST /sp/2/users/self/privacy_policy_statuses). Recorded with the account,
   * in the same transaction; without it the new member agrees on the agreement page afterwards.
   */
  policies: agreedPoliciesSchema.optional(),
})

/**
 * POST /sp/2/api/account/mail_address/registration: a member gives their account the address this
 * session proved. `password` is required (and checked) only when the account has none yet.
 */
export const registerMailAddressBodySchema = z.object({
  verificationId: z.string().max(100),
  password: passwordSchema.optional(),
})

/** POST /sp/account/validate_email_parameters: is this a mail address we can send to? */
export const validateEmailParametersBodySchema = z.object({ mailAddress: mailAddressSchema })
export const validEmailParametersSchema = z.object({
  /** The address as PuriBox will use it (trimmed, full-width folded, domain lower-cased). */
  mailAddress: z.string(),
})

/**
 * POST /sp/account/send_register_mail_from_form: the registration form posted by the browser itself
 * (no JavaScript yet, e.g. on a weak signal), as application/x-www-form-urlencoded. Answers with a
 * redirect to the code step, or back to the form with `?error=`.
 */
export const registerMailFormBodySchema = z.object({
  mailAddress: z.string().max(1000).optional(),
  next: z.string().max(2048).optional(),
})

/** POST /sp//ajax/login/: the path the app and the site have always signed in by. */
export const loginBodySchema = z.object({
  mailAddress: mailAddressSchema,
  password: passwordSchema,
})

export const verificationSentResponse = wrapped(verificationSentSchema)
export const verifiedResponse = wrapped(verifiedSchema)
export const validEmailParametersResponse = wrapped(validEmailParametersSchema)
export { accountStatusResponse }

/** The rules of a password reset people are told about: the screens and the mails say them. */
export const PASSWORD_RESET_LIMITS = {
  /** How long the code and the link of a reset mail work, in minutes. */
  minutes: 30,
  /** Wrong codes (or links) before a reset is locked: only a new mail helps then. */
  codeAttempts: 5,
} as const

/** POST /sp/2/api/account/password_reset: a mail with a code and a link to choose a new password. */
export const requestPasswordResetBodySchema = z.object({ mailAddress: mailAddressSchema })

export const passwordResetSentSchema = z.object({
  /** Keep it: the code is checked against this reset. */
  resetId: z.string(),
  mailAddress: z.string(),
  /** When the code and the link stop working, Japan time. */
  expireDate: z.string(),
})
export type PasswordResetSent = z.infer<typeof passwordResetSentSchema>

/** POST /sp/2/api/account/password_reset/verification: the code from the mail. */
export const verifyPasswordResetCodeBodySchema = z.object({
  resetId: z.string().max(100),
  code: z.string().max(100),
})

/** POST /sp/2/api/account/password_reset/{id}/verified: the link from the mail. */
export const passwordResetParamsSchema = z.object({ id: z.string().max(100) })
export const verifyPasswordResetLinkBodySchema = z.object({ token: z.string().max(200) })

export const passwordResetVerifiedSchema = z.object({
  resetId: z.string(),
  /** The account's address (for password managers, and to say whose password this is). */
  mailAddress: z.string(),
})
export type PasswordResetVerified = z.infer<typeof passwordResetVerifiedSchema>

/** POST /sp/2/api/account/password_reset/password: the new password, from the browser that proved the reset. */
export const resetPasswordBodySchema = z.object({
  resetId: z.string().max(100),
  password: passwordSchema,
})

export const passwordResetSentResponse = wrapped(passwordResetSentSchema)
export const passwordResetVerifiedResponse = wrapped(passwordResetVerifiedSchema)

/** How someone signed in; remembered in a cookie so the login page can suggest it next time. */
export const signInMethods = ['mail', 'line', 'twitter', 'carrier'] as const
export type SignInMethod = (typeof signInMethods)[number]
export const LAST_SIGN_IN_COOKIE = 'pbx_last_login'

/**
 * GET /sp/2/cookie/afterLogin and /sp/2/cookie/afterRegister: where a browser lands after signing in
 * or registering. Lenient on purpose (a browser navigation must never meet a JSON error): an unknown
 * method is ignored, a `next` that is not a same-origin path becomes the top page.
 */
export const afterSignInQuerySchema = z.object({
  next: z.string().max(2048).optional(),
  method: z.string().max(20).optional(),
})
