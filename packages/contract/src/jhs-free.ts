import { z } from 'zod'
import { normalizeMailAddress } from './auth'
import { links } from './pages'
import { type CalendarDate, japanDate, parseCalendarDate } from './profile-rules'
import { wrapped } from './wrapper'

/**
 * The junior-high free premium application (decision 0048): a junior-high pupil
 * sends their name, birth date, mail address, grade and four certificate pictures; an operator
 * approves (premium until the end of the third school year) or rejects with a reason, and a rejected
 * pupil may apply again. The certificate pictures go up first, in chunks that resume after a dropped
 * connection, and the application names them.
 */

/** The page (`?from=…#/lp` the landing, `#/input/profile` the form). */
export const JHS_FREE_PAGE = links.jhsFree

/**
 * The four certificate pictures (kind, insurance, school-issued front and back, as the product
 * has always asked): `kind` an identity document of the kind the pupil chooses (`kindDocument`),
 * `insurance` their health-insurance card (numbers hidden), `schoolFront`/`schoolBack` both sides of
 * their student card or student handbook page.
 */
export const CERTIFICATE_SLOTS = ['kind', 'insurance', 'schoolFront', 'schoolBack'] as const
export type CertificateSlot = (typeof CERTIFICATE_SLOTS)[number]

/** The identity documents the `kind` picture may show. */
export const KIND_DOCUMENTS = ['MY_NUMBER_CARD', 'PASSPORT', 'RESIDENT_RECORD'] as const
export type KindDocument = (typeof KIND_DOCUMENTS)[number]

export const JHS_LIMITS = {
  /** Each certificate picture, in bytes: 10 MB, enough for a phone's photo of a document. */
  certificateMaxBytes: 10 * 1024 * 1024,
  /** One chunk of an upload: small enough that a weak signal loses little when it drops. */
  chunkMaxBytes: 512 * 1024,
  nameMax: 30,
  fileNameMax: 200,
} as const

/**
 * Characters a file name keeps out of the person's list: controls (a NUL cannot even be stored),
 * lone surrogates, private use, and the marks that turn text around (`…gpj.exe` shown as `…exe.jpg`).
 */
const UNSHOWN_IN_FILE_NAME = /[\p{Cc}\p{Cs}\p{Co}\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu

/** A certificate's file name as it is kept and listed: only ever shown, never used to open a file. */
export function certificateFileName(chosen: string): string {
  const name = chosen.normalize('NFC').replace(UNSHOWN_IN_FILE_NAME, '').trim()
  return [...name].slice(0, JHS_LIMITS.fileNameMax).join('') || 'image'
}

/** The picture formats taken, read from the first bytes of the file (never its name). */
export const CERTIFICATE_FORMATS = ['image/jpeg', 'image/png', 'image/heic'] as const
export type CertificateFormat = (typeof CERTIFICATE_FORMATS)[number]

/** HEIF brands of an iPhone's (and Android's) HEIC pictures, and AVIF. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif'])

/**
 * The format of a picture from its first bytes (12 are enough): JPEG (FF D8 FF), PNG (its 8-byte
 * signature) or HEIC (an ISO box `ftyp` with a HEIF brand); null for anything else, a text file
 * renamed `.jpg` included.
 */
export function certificateFormatOf(head: Uint8Array): CertificateFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (head.length >= 8 && png.every((byte, index) => head[index] === byte)) return 'image/png'
  if (head.length >= 12) {
    const box = String.fromCharCode(...head.slice(4, 8))
    const brand = String.fromCharCode(...head.slice(8, 12))
    if (box === 'ftyp' && HEIF_BRANDS.has(brand)) return 'image/heic'
  }
  return null
}

// School years ------------------------------------------------------------------------------------

export type Grade = 1 | 2 | 3
export const GRADES = [1, 2, 3] as const

/** The Japanese school year `date` is in: it starts on 1 April (2026-03-31 is in school year 2025). */
export function schoolYearOf(date: CalendarDate): number {
  return date.month >= 4 ? date.year : date.year - 1
}

/**
 * The junior-high grade a child born on `birth` is in on `on` (Japan calendar days): children born
 * 2 April of one year to 1 April of the next share a school year (Japanese law counts an age as
 * reached the day before the birthday, so 1 April children go with the older ones), start elementary
 * school in the April after they turn 6 and junior high six years later. Answers the grade even when
 * it is not 1-3 (0 or less: not yet, 4 or more: past junior high).
 */
export function juniorHighGradeOn(birth: CalendarDate, on: CalendarDate): number {
  const bornBeforeSecondApril = birth.month < 4 || (birth.month === 4 && birth.day === 1)
  const cohort = bornBeforeSecondApril ? birth.year - 1 : birth.year
  return schoolYearOf(on) - cohort - 12
}

/** What is wrong with a birth date and grade as of `now` (the request's clock, time travel included). */
export type JhsProfileProblem =
  | { field: 'birth'; problem: 'NO_SUCH_DATE' | 'NOT_JUNIOR_HIGH_AGE' }
  | { field: 'grade'; problem: 'GRADE_MISMATCH'; expected: Grade }

/** Null when the birth date is a real day and the grade is the one a child born then is in now. */
export function jhsProfileProblem(
  birth: { year: number; month: number; day: number },
  grade: number,
  now: Date,
): JhsProfileProblem | null {
  const text = `${String(birth.year).padStart(4, '0')}-${String(birth.month).padStart(2, '0')}-${String(birth.day).padStart(2, '0')}`
  const date = parseCalendarDate(text)
  if (!date) return { field: 'birth', problem: 'NO_SUCH_DATE' }
  const expected = juniorHighGradeOn(date, japanDate(now))
  if (expected < 1 || expected > 3) return { field: 'birth', problem: 'NOT_JUNIOR_HIGH_AGE' }
  if (grade !== expected) return { field: 'grade', problem: 'GRADE_MISMATCH', expected: expected as Grade }
  return null
}

/** A name as typed: NFKC, trimmed, inner runs of spaces as one; null when empty or too long. */
export function normalizeJhsName(input: string): string | null {
  const value = input.normalize('NFKC').trim().replace(/\s+/g, ' ')
  if (value.length === 0 || [...value].length > JHS_LIMITS.nameMax) return null
  if (/\p{Cc}/u.test(value)) return null
  return value
}

export { normalizeMailAddress }

// Uploads ----------------------------------------------------------------------------------------

/** UPLOADING until every byte arrived; COMPLETE once the whole file was checked and stored. */
export const UPLOAD_STATES = ['UPLOADING', 'COMPLETE'] as const

export const certificateUploadSchema = z.object({
  id: z.string().describe('The upload (a UUID): what the chunks and the application name.'),
  slot: z.enum(CERTIFICATE_SLOTS),
  fileName: z.string().describe('The name of the file as chosen (shown in the list; never trusted).'),
  byteSize: z.number().int().describe('The size announced when the upload started.'),
  offset: z.number().int().describe('How many bytes the server has: the next chunk starts here.'),
  state: z.enum(UPLOAD_STATES),
  contentType: z
    .enum(CERTIFICATE_FORMATS)
    .nullable()
    .describe('The format read from the content once complete; null while uploading.'),
  createdAt: z.string().describe('YYYY-MM-DDTHH:mm:ss Japan time.'),
})
export type CertificateUpload = z.infer<typeof certificateUploadSchema>
export const certificateUploadResponse = wrapped(certificateUploadSchema)

export const startUploadBodySchema = z.object({
  slot: z.enum(CERTIFICATE_SLOTS),
  // Documented at the certificate's limit: a larger size is answered CERTIFICATE_TOO_LARGE (with its
  // own Japanese message), not VALIDATION_FAILED, so the check stays the service's.
  byteSize: z
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .meta({ maximum: JHS_LIMITS.certificateMaxBytes })
    .describe('At most 10 MB (10485760 bytes); a larger file is CERTIFICATE_TOO_LARGE.'),
  fileName: z.string().max(1000),
})

export const uploadParamsSchema = z.object({ id: z.string().min(1).max(64) })
export const uploadChunkQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(JHS_LIMITS.certificateMaxBytes),
})
export const uploadRemovedResponse = wrapped(z.object({ removed: z.boolean() }))

// Applications ------------------------------------------------------------------------------------

export const APPLICATION_STATES = ['SUBMITTED', 'APPROVED', 'REJECTED'] as const
export type ApplicationState = (typeof APPLICATION_STATES)[number]

/**
 * Why a person may not apply now: GUEST (sign in first), PENDING (an application waits for review),
 * ALREADY_JHS_PREMIUM (their junior-high premium runs).
 */
export const APPLY_BLOCKERS = ['GUEST', 'PENDING', 'ALREADY_JHS_PREMIUM'] as const
export type ApplyBlocker = (typeof APPLY_BLOCKERS)[number]

export const jhsApplicationSchema = z.object({
  id: z.string(),
  state: z.enum(APPLICATION_STATES),
  familyName: z.string(),
  givenName: z.string(),
  grade: z.number().int(),
  submittedAt: z.string().describe('YYYY-MM-DDTHH:mm:ss Japan time.'),
  reviewedAt: z.string().nullable(),
  rejectReason: z
    .string()
    .nullable()
    .describe('When REJECTED: why, in the sentence PuriBox wrote for the reason the operator picked.'),
  premiumUntil: z
    .string()
    .nullable()
    .describe('When APPROVED: the instant the premium ends (1 April after the third school year).'),
})
export type JhsApplication = z.infer<typeof jhsApplicationSchema>

export const jhsStateSchema = z.object({
  application: jhsApplicationSchema.nullable().describe("The person's latest application, or null."),
  canApply: z.boolean(),
  blocker: z.enum(APPLY_BLOCKERS).nullable(),
  isPremium: z.boolean().describe('A paying premium member: approval stops the renewal.'),
  uploads: z
    .array(certificateUploadSchema)
    .describe('Pictures uploaded for the next application and not sent with one yet, one per slot.'),
})
export type JhsState = z.infer<typeof jhsStateSchema>
export const jhsStateResponse = wrapped(jhsStateSchema)

export const jhsApplyBodySchema = z.object({
  familyName: z.string().max(1000),
  givenName: z.string().max(1000),
  birthYear: z.number().int().min(1900).max(2200),
  birthMonth: z.number().int().min(1).max(12),
  birthDay: z.number().int().min(1).max(31),
  mailAddress: z.string().max(1000),
  grade: z.number().int().min(1).max(3),
  kindDocument: z.enum(KIND_DOCUMENTS),
  certificates: z.object({
    kind: z.string().max(64),
    insurance: z.string().max(64),
    schoolFront: z.string().max(64),
    schoolBack: z.string().max(64),
  }),
})
export type JhsApplyBody = z.infer<typeof jhsApplyBodySchema>
export const jhsApplicationResponse = wrapped(jhsApplicationSchema)

/** The debug page's review of the caller's own waiting application (testers, never production). */
export const jhsDebugReviewBodySchema = z.object({
  decision: z.enum(['APPROVE', 'REJECT']),
  reason: z.string().max(500).optional(),
})
