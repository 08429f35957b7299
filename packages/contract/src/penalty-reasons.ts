/**
 * Why a penalty was set: a fixed list an operator picks from, so that what the member is told is a
 * sentence PuriBox wrote (the web's locale has one for each code), never an operator's own words.
 * An operator's free-text note stays in the console and the audit log.
 */

/** Why an account's SNS penalty (WARNING, ACCESSCONTROL, SUSPENSION) was set. */
export const SNS_PENALTY_REASONS = [
  /** The nickname insults, threatens or tells who someone is. */
  'INAPPROPRIATE_NICKNAME',
  /** The profile picture is something the terms forbid. */
  'INAPPROPRIATE_PROFILE_IMAGE',
  /** The member poses as someone else (another person, a celebrity, PuriBox). */
  'IMPERSONATION',
  /** Reactions to ads sent over and over, not as a person reads them. */
  'AD_REACTION_ABUSE',
  /** Anything else against the terms of use. */
  'TERMS_VIOLATION',
] as const
export type SnsPenaltyReason = (typeof SNS_PENALTY_REASONS)[number]

/** Why an account's puri-getting penalty RED was set. */
export const PURIGET_PENALTY_REASONS = [
  /** Many seal IDs that do not exist, typed in a short time: what turns an account RED by itself. */
  'SEAL_ID_GUESSING',
  /** Pictures of seals the member was not in, got with IDs found elsewhere (posted online, picked up). */
  'OTHERS_PURI',
  /** Anything else against the terms of use. */
  'TERMS_VIOLATION',
] as const
export type PurigetPenaltyReason = (typeof PURIGET_PENALTY_REASONS)[number]

/** The reason the puri-getting rules give when they turn an account RED by themselves. */
export const AUTOMATIC_RED_REASON: PurigetPenaltyReason = 'SEAL_ID_GUESSING'

export function isSnsPenaltyReason(value: unknown): value is SnsPenaltyReason {
  return (SNS_PENALTY_REASONS as readonly unknown[]).includes(value)
}
