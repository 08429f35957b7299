import { z } from 'zod'
import type { MembershipStatus } from './membership'
import { PURIGET_PENALTY_REASONS, SNS_PENALTY_REASONS } from './penalty-reasons'
import { wrapped } from './wrapper'

/** GUEST, MINI, PREMIUM or JHS_PREMIUM (see `membership.ts`, decision 0047). */
export const membershipStatusSchema = z.enum([
  'GUEST',
  'MINI',
  'PREMIUM',
  'JHS_PREMIUM',
] as const satisfies readonly MembershipStatus[])
export type { MembershipStatus }

export const purigetPenaltySchema = z.enum(['RED', 'YELLOW', 'GREEN'])
export const snsPenaltySchema = z.enum(['WARNING', 'ACCESSCONTROL', 'SUSPENSION']).nullable()

export const accountSchema = z.object({
  id: z.string(),
  protected: z.boolean(),
  canAddOn: z.boolean(),
  snsPenalty: snsPenaltySchema,
  snsPenaltyReason: z
    .enum(SNS_PENALTY_REASONS)
    .nullable()
    .optional()
    .describe(
      "Why the SNS penalty was set: one of the fixed reasons an operator picks from, which the pages tell in PuriBox's words. Null without a penalty or a recorded reason; absent from answers that do not say (the sign-in's own).",
    ),
  purigetPenalty: purigetPenaltySchema,
  purigetPenaltyReason: z
    .enum(PURIGET_PENALTY_REASONS)
    .nullable()
    .optional()
    .describe(
      'Why the puri-getting penalty is RED (SEAL_ID_GUESSING when the lookups turned it RED by themselves); null unless RED. Absent from answers that do not say.',
    ),
  official: z.boolean(),
  mailAddress: z.string().nullable(),
  registeredAt: z.string(),
})
export type Account = z.infer<typeof accountSchema>

export const accountStatusSchema = z.object({
  account: accountSchema.nullable(),
  membershipStatus: membershipStatusSchema,
  /**
   * While JHS_PREMIUM: the last moment of the junior-high free premium (JST, 31 March 23:59:59 of the
   * third school year, the second before it ends; decision 0047): its day is the last day to show.
   * Null otherwise. Optional: answers cached before it have none.
   */
  schoolPremiumUntil: z.string().nullable().optional(),
})
export type AccountStatus = z.infer<typeof accountStatusSchema>

export const accountStatusResponse = wrapped(accountStatusSchema)
