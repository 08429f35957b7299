/**
 * A minor's application to an audition (decision 0060): the guardian's consent first, and what
 * PuriBox sends the organiser. Rules shared by the server's checks and the web's form; no zod here,
 * so the auditions page does not bundle it.
 */
import { ageOn } from './profile-rules'

/** The age of majority in Japan (Civil Code, since April 2022): younger members need a guardian's consent. */
export const AUDITION_ADULT_AGE = 18

/** Whether a member with this birthday is under 18 on the Japan calendar day of `now`. */
export function isMinorOn(birthday: string, now: Date): boolean {
  const age = ageOn(birthday, now)
  return age !== null && age < AUDITION_ADULT_AGE
}

/** Who the guardian is to the member: a choice, never free text (the mail names it). */
export const GUARDIAN_RELATIONS = ['FATHER', 'MOTHER', 'OTHER_GUARDIAN'] as const
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number]

export const GUARDIAN_CONSENT_LIMITS = {
  /** Characters of the guardian's name, after folding. */
  guardianNameMax: 40,
  /** How long the link in the guardian's mail works. */
  linkHours: 72,
} as const

/**
 * A consent request's state: PENDING until the guardian answers (EXPIRED once its link ran out
 * unanswered), then AGREED or DECLINED; REPLACED when the member sent a newer request.
 */
export const GUARDIAN_CONSENT_STATES = ['PENDING', 'EXPIRED', 'AGREED', 'DECLINED', 'REPLACED'] as const
export type GuardianConsentState = (typeof GUARDIAN_CONSENT_STATES)[number]

/** What the guardian answers on the consent page. */
export const GUARDIAN_ANSWERS = ['AGREE', 'DECLINE'] as const
export type GuardianAnswer = (typeof GUARDIAN_ANSWERS)[number]

/**
 * Where a member stands with an eligible audition: GUARDIAN_CONSENT (under 18, no consent: ask for
 * it), WAITING_FOR_GUARDIAN (a request is out), IDENTITY_CHECK (an adult, or a minor with consent:
 * the check is next or under way), SENT (the identity is checked and the application went to the
 * organiser).
 */
export const AUDITION_STEPS = ['GUARDIAN_CONSENT', 'WAITING_FOR_GUARDIAN', 'IDENTITY_CHECK', 'SENT'] as const
export type AuditionStep = (typeof AUDITION_STEPS)[number]

/**
 * What PuriBox sends the organiser when an application goes, in this order; `guardianConsent` only
 * for a member who applied with one. Nothing else: not the mail address, nickname or pictures, and
 * never the guardian's name or mail address (the organiser reaches applicants through PuriBox).
 */
export const AUDITION_SENT_FIELDS = [
  'referenceNumber',
  'birthday',
  'age',
  'identityCheck',
  'guardianConsent',
] as const
export type AuditionSentField = (typeof AUDITION_SENT_FIELDS)[number]

export type GuardianNameProblem = 'EMPTY' | 'TOO_LONG' | 'CONTROL_CHARACTER'

/** Control characters, separators and the bidi controls that make a name read backwards. */
const FORBIDDEN_IN_NAME = /[\p{Cc}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u

/**
 * The guardian's name as typed → as kept: NFKC (full-width letters and spaces folded), trimmed, runs
 * of spaces made one. It is shown to the member only, and never mailed.
 */
export function normalizeGuardianName(
  input: string,
): { ok: true; value: string } | { ok: false; problem: GuardianNameProblem } {
  const trimmed = input.normalize('NFKC').trim()
  if (FORBIDDEN_IN_NAME.test(trimmed)) return { ok: false, problem: 'CONTROL_CHARACTER' }
  const value = trimmed.replace(/ {2,}/g, ' ')
  if (value.length === 0) return { ok: false, problem: 'EMPTY' }
  if ([...value].length > GUARDIAN_CONSENT_LIMITS.guardianNameMax) return { ok: false, problem: 'TOO_LONG' }
  return { ok: true, value }
}
