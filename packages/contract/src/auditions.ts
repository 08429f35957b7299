import { z } from 'zod'
import { wrapped } from './wrapper'

/**
 * Auditions and the identity check (issue 17 item 3, decision 0049). An audition is a casting call
 * PuriBox runs with a partner (a booth maker's new-machine model, a campaign's official model) for
 * members of an age range; applying needs an identity check at the external identity verifier.
 * The result is fetched by PuriBox's server from the verifier, never taken from the browser.
 */

/**
 * Where a member stands with an audition's age rule, from the profile's birthday and "now" (time
 * travel included): ELIGIBLE, BIRTHDAY_REQUIRED (no birthday in the profile), TOO_YOUNG, TOO_OLD.
 */
export const AUDITION_ELIGIBILITIES = ['ELIGIBLE', 'BIRTHDAY_REQUIRED', 'TOO_YOUNG', 'TOO_OLD'] as const
export type AuditionEligibility = (typeof AUDITION_ELIGIBILITIES)[number]

/**
 * A check's state: PENDING while the member is at the verifier, then one final outcome that never
 * changes: VERIFIED, REJECTED (the verifier could not confirm the person), ABANDONED (the member gave
 * up there), EXPIRED (the session ran out before an outcome).
 */
export const AUDITION_CHECK_STATES = ['PENDING', 'VERIFIED', 'REJECTED', 'ABANDONED', 'EXPIRED'] as const
export type AuditionCheckState = (typeof AUDITION_CHECK_STATES)[number]

export const auditionCheckSchema = z.object({
  id: z.string().describe('The check (a UUID), as named in the return address `?check=`.'),
  auditionId: z.string(),
  state: z.enum(AUDITION_CHECK_STATES),
  startedAt: z.string().describe('YYYY-MM-DDTHH:mm:ss Japan time.'),
  completedAt: z.string().nullable().describe('When the verifier gave its outcome; null while PENDING.'),
})
export type AuditionCheck = z.infer<typeof auditionCheckSchema>

export const auditionSchema = z.object({
  id: z.string().describe("The audition's id, the same at the identity verifier."),
  title: z.string(),
  organizer: z.string(),
  description: z.string().describe('Plain text; line breaks are \\n.'),
  minAge: z.int().describe('The youngest age admitted on "now", in years.'),
  maxAge: z.int().describe('The oldest age admitted on "now", in years.'),
  closesAt: z
    .string()
    .describe('Applications end at this instant (excluded), YYYY-MM-DDTHH:mm:ss Japan time.'),
  eligibility: z.enum(AUDITION_ELIGIBILITIES),
  check: auditionCheckSchema
    .nullable()
    .describe("The member's latest identity check for this audition; null before the first."),
})
export type Audition = z.infer<typeof auditionSchema>

export const auditionsSchema = z.object({
  auditions: z.array(auditionSchema).describe('The auditions open now, those closing first first.'),
})
export type Auditions = z.infer<typeof auditionsSchema>
export const auditionsResponse = wrapped(auditionsSchema)

const idSchema = z.string().max(64)
export const auditionParamsSchema = z.object({ id: idSchema })
export const auditionCheckParamsSchema = z.object({ checkId: idSchema })

export const auditionStartedSchema = z.object({
  check: auditionCheckSchema,
  redirectUrl: z.url().describe("The verifier's page to send the browser to."),
})
export type AuditionStarted = z.infer<typeof auditionStartedSchema>
export const auditionStartedResponse = wrapped(auditionStartedSchema)
export const auditionCheckResponse = wrapped(auditionCheckSchema)
