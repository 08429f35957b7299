import { z } from 'zod'
import { accountStatusResponse } from './account'
import { wrapped } from './wrapper'

/**
 * Whether the caller's account may be deleted now, and what the confirmation needs:
 * - ALLOWED: tick the confirmation (and type the password when `passwordRequired`);
 * - OFFICIAL: official accounts cannot leave (OFFICIAL_ACCOUNT_CANNOT_LEAVE);
 * - PREMIUM_ACTIVE: cancel premium first (/sp/payment/cancel), then delete (PREMIUM_ACTIVE).
 */
export const accountDeletionCheckSchema = z.object({
  status: z.enum(['ALLOWED', 'OFFICIAL', 'PREMIUM_ACTIVE']),
  /** The account has a password: deleting asks for it again. */
  passwordRequired: z.boolean(),
  /**
   * Premium still lasts until then (a cancelled subscription's paid period, YYYY-MM-DDTHH:mm:ss,
   * Japan time): leaving gives it up. Null when not premium.
   */
  premiumUntil: z.string().nullable(),
})
export type AccountDeletionCheck = z.infer<typeof accountDeletionCheckSchema>

/**
 * POST /sp/2/account/leave: deletes the caller's account and everything of it, then signs the
 * session out. `confirmed` must be true (CONFIRMATION_REQUIRED); `password` is checked when the
 * account has one (PASSWORD_WRONG, rate-limited like sign-in).
 */
export const accountDeletionBodySchema = z.object({
  confirmed: z.boolean(),
  password: z.string().max(1000).nullable(),
})
export type AccountDeletionBody = z.infer<typeof accountDeletionBodySchema>

export const accountDeletionCheckResponse = wrapped(accountDeletionCheckSchema)
/** After deleting: the caller's status, now a guest's. */
export { accountStatusResponse }
