import { z } from 'zod'
import { wrapped } from './wrapper'

export const membershipStatusSchema = z.enum(['GUEST', 'MINI', 'PREMIUM'])
export type MembershipStatus = z.infer<typeof membershipStatusSchema>

export const purigetPenaltySchema = z.enum(['RED', 'YELLOW', 'GREEN'])
export const snsPenaltySchema = z.enum(['WARNING', 'ACCESSCONTROL', 'SUSPENSION']).nullable()

export const accountSchema = z.object({
  id: z.string(),
  protected: z.boolean(),
  canAddOn: z.boolean(),
  snsPenalty: snsPenaltySchema,
  purigetPenalty: purigetPenaltySchema,
  official: z.boolean(),
  mailAddress: z.string().nullable(),
  registeredAt: z.string(),
})
export type Account = z.infer<typeof accountSchema>

export const accountStatusSchema = z.object({
  account: accountSchema.nullable(),
  membershipStatus: membershipStatusSchema,
})
export type AccountStatus = z.infer<typeof accountStatusSchema>

export const accountStatusResponse = wrapped(accountStatusSchema)
