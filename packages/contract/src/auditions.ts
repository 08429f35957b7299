import { z } from 'zod'
import {
  AUDITION_STEPS,
  GUARDIAN_ANSWERS,
  GUARDIAN_CONSENT_LIMITS,
  GUARDIAN_CONSENT_STATES,
  GUARDIAN_RELATIONS,
} from './audition-consent-rules'
import { mailAddressSchema } from './auth'
import { wrapped } from './wrapper'

/**
 * Auditions and the identity check (decision 0049). An audition is a casting call
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

const jst = (what: string) => z.string().describe(`${what}, YYYY-MM-DDTHH:mm:ss Japan time.`)

/**
 * The member's latest request for a guardian's consent to one audition (decision 0060). Only the
 * member is ever shown the guardian's name and address: the mail and the consent page carry neither.
 */
export const guardianConsentSchema = z.object({
  state: z.enum(GUARDIAN_CONSENT_STATES),
  referenceNumber: z
    .string()
    .describe("Printed in the mail and on the member's page, so that the family can match them."),
  guardianName: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  mailAddress: z.string(),
  requestedAt: jst('When the mail was sent'),
  expiresAt: jst("When the mail's link stops working"),
  answeredAt: z.string().nullable().describe('When the guardian answered (AGREED or DECLINED); else null.'),
})
export type GuardianConsent = z.infer<typeof guardianConsentSchema>

/** What went to the organiser, as it went (decision 0060): the fields of AUDITION_SENT_FIELDS. */
export const auditionSentSchema = z.object({
  referenceNumber: z.string().describe('The application number PuriBox and the organiser both use.'),
  birthday: z.string().nullable().describe("The profile's birthday (YYYY-MM-DD) when it was sent."),
  age: z.int().nullable().describe('Full years of age on the day it was sent (Japan time).'),
  identityCheck: z.object({
    result: z.literal('VERIFIED'),
    sessionId: z.string().describe("The check's session at the identity verifier."),
    completedAt: jst('When the verifier confirmed the identity'),
  }),
  guardianConsent: z
    .object({ relation: z.enum(GUARDIAN_RELATIONS), consentedAt: jst('When the guardian agreed') })
    .nullable()
    .describe("A minor's guardian's consent: the relation and when; never the name or address."),
})
export type AuditionSent = z.infer<typeof auditionSentSchema>

export const auditionApplicationSchema = z.object({
  sentAt: jst('When the application went to the organiser'),
  sent: auditionSentSchema,
})
export type AuditionApplication = z.infer<typeof auditionApplicationSchema>

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
  guardianConsentRequired: z
    .boolean()
    .describe('Whether the member is under 18 on "now": applying then needs a guardian\'s consent first.'),
  step: z
    .enum(AUDITION_STEPS)
    .nullable()
    .describe('Where the application stands (AUDITION_STEPS); null unless the member is ELIGIBLE.'),
  guardianConsent: guardianConsentSchema
    .nullable()
    .describe("The member's latest guardian consent request for this audition; null when none."),
  application: auditionApplicationSchema
    .nullable()
    .describe('What was sent to the organiser, once the identity is checked; null before.'),
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

export const guardianConsentBodySchema = z.object({
  guardianName: z
    .string()
    .max(200)
    .describe(
      `The guardian's name (at most ${GUARDIAN_CONSENT_LIMITS.guardianNameMax} characters once folded); shown to the member only, never mailed.`,
    ),
  relation: z.enum(GUARDIAN_RELATIONS),
  mailAddress: mailAddressSchema,
})
export type GuardianConsentBody = z.infer<typeof guardianConsentBodySchema>
export const guardianConsentResponse = wrapped(guardianConsentSchema)

/** The mail's one-time token: 32 random bytes in base64url. */
const consentTokenSchema = z.string().max(100).describe("The token of the link in the guardian's mail.")

export const consentTokenBodySchema = z.object({ token: consentTokenSchema })

/**
 * What the guardian sees on the consent page: PuriBox's own words about the audition and the
 * request, and nothing the member typed (not their name, not the guardian's name).
 */
export const guardianConsentRequestSchema = z.object({
  referenceNumber: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS).describe('Who the member named the guardian as.'),
  audition: z.object({
    title: z.string(),
    organizer: z.string(),
    description: z.string().describe('Plain text; line breaks are \\n.'),
    closesAt: jst('Applications end at this instant'),
  }),
  requestedAt: jst('When the mail was sent'),
  expiresAt: jst('When the link stops working'),
})
export type GuardianConsentRequest = z.infer<typeof guardianConsentRequestSchema>
export const guardianConsentRequestResponse = wrapped(guardianConsentRequestSchema)

export const guardianConsentAnswerBodySchema = z.object({
  token: consentTokenSchema,
  answer: z.enum(GUARDIAN_ANSWERS),
  confirmed: z
    .boolean()
    .describe('The guardian ticked that they are the parent or guardian and agree; needed to AGREE.'),
})
export type GuardianConsentAnswerBody = z.infer<typeof guardianConsentAnswerBodySchema>

export const guardianConsentAnsweredSchema = z.object({
  state: z.enum(['AGREED', 'DECLINED']),
  referenceNumber: z.string(),
  answeredAt: jst('When the answer was kept'),
})
export type GuardianConsentAnswered = z.infer<typeof guardianConsentAnsweredSchema>
export const guardianConsentAnsweredResponse = wrapped(guardianConsentAnsweredSchema)
