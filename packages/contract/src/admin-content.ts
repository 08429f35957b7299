import { z } from 'zod'

/**
 * What the console's content areas (news, banners, help) share: how text is checked, the reason an
 * operator may give for a change, how times cross the console's API, and the size of a page.
 */

export const CONTENT_ADMIN_LIMITS = {
  reasonMax: 500,
  pageSizeDefault: 50,
  pageSizeMax: 100,
} as const

// Control characters (tab and line breaks included) have no place in a one-line field, and the
// database can keep neither a NUL nor half of a surrogate pair.
const CONTROL = /[\p{Cc}\p{Cs}]/u
// biome-ignore lint/suspicious/noControlCharactersInRegex: this is the check for them.
const CONTROL_BUT_LINE_BREAKS = /[\p{Cs}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u

/** One line of text: trimmed, from `min` to `max` characters, no control characters nor lone surrogates. */
export function oneLine(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !CONTROL.test(value), 'no control characters')
}

/** Text of several lines (`\n`, tabs): trimmed, from `min` to `max` characters, no other control characters. */
export function lines(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !CONTROL_BUT_LINE_BREAKS.test(value), 'no control characters but line breaks')
}

/** Whether some text anywhere in `value` (a JSON value) holds a character the database cannot keep. */
export function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_BUT_LINE_BREAKS.test(value)
  if (Array.isArray(value)) return value.some(holdsUnstorableText)
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsUnstorableText)
  return false
}

/** Why, in the operator's words: optional, kept in the audit log with the change. */
export const reasonSchema = oneLine(CONTENT_ADMIN_LIMITS.reasonMax, 0)
  .optional()
  .describe('Why, in the operator’s words: kept in the audit log.')

/** A time the console answers: an ISO 8601 instant in UTC, as the operator's screen converts it. */
export const instantSchema = z.string().describe('ISO 8601 instant, UTC.')

/** A time the console sends: ISO 8601 with its offset (`2026-12-01T10:00:00+09:00` or `…Z`). */
export const instantInputSchema = z.iso
  .datetime({ offset: true })
  .describe('ISO 8601 date and time with its offset: `2026-12-01T10:00:00+09:00`.')

export const pageSizeSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(CONTENT_ADMIN_LIMITS.pageSizeMax)
  .default(CONTENT_ADMIN_LIMITS.pageSizeDefault)

/** A route's description for a change the audit log records. */
export const AUDITED =
  'The change and its event are one transaction: the audit log records who, when, the changed fields before and after, and the reason.'
