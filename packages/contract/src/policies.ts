import { z } from 'zod'
import { wrapped } from './wrapper'

/**
 * The policies a member agrees to: `furyu` is the service's privacy policy, `puribox` the
 * special contract on sending data to other companies (named after the product). Members must have
 * agreed to the latest published version of every kind.
 */
export const POLICY_KINDS = ['furyu', 'puribox'] as const
export type PolicyKind = (typeof POLICY_KINDS)[number]

export function isPolicyKind(value: string): value is PolicyKind {
  return (POLICY_KINDS as readonly string[]).includes(value)
}

export const POLICY_LIMITS = {
  /** Longest version label a publisher may choose (and a client may send). */
  versionMax: 64,
} as const

export const policyStatusSchema = z.object({
  kind: z.enum(POLICY_KINDS),
  version: z.string(),
  /** The full text of this policy (a page of the site). */
  url: z.string(),
  /** Whether the caller has agreed to this version. */
  agreed: z.boolean(),
})
export type PolicyStatus = z.infer<typeof policyStatusSchema>

/** GET /sp/2/users/self/privacy_policy_statuses/latest: the latest version of each published kind. */
export const policyStatusesSchema = z.object({ policies: z.array(policyStatusSchema) })
export type PolicyStatuses = z.infer<typeof policyStatusesSchema>

/**
 * POST /sp/2/users/self/privacy_policy_statuses: agree to the latest version of every kind, all at
 * once. Kinds and versions are plain strings here so that a wrong one gets its own error code
 * (POLICY_KIND_UNKNOWN, POLICY_VERSION_UNKNOWN, POLICY_VERSION_OUTDATED) rather than VALIDATION_FAILED.
 */
export const agreedPoliciesSchema = z
  .array(
    z.object({
      kind: z.string().max(64),
      version: z.string().max(POLICY_LIMITS.versionMax),
    }),
  )
  .max(10)
export const agreePoliciesBodySchema = z.object({ policies: agreedPoliciesSchema })
export type AgreePoliciesBody = z.infer<typeof agreePoliciesBodySchema>

/** One version of a policy as published: what a person reads before agreeing to it. */
export const policyDocumentSchema = policyStatusSchema.omit({ agreed: true })
export type PolicyDocument = z.infer<typeof policyDocumentSchema>

/**
 * GET /sp/2/privacy_policies/latest: the latest version of each published kind, for anyone. A
 * registration shows them and sends the versions agreed to with it, so that a new member has agreed
 * before the account exists.
 */
export const latestPoliciesSchema = z.object({ policies: z.array(policyDocumentSchema) })
export type LatestPolicies = z.infer<typeof latestPoliciesSchema>

export const policyStatusesResponse = wrapped(policyStatusesSchema)
export const latestPoliciesResponse = wrapped(latestPoliciesSchema)
