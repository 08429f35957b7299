import { z } from 'zod'
import { instantSchema, oneLine, pageSizeSchema } from './admin-content'
import { CASE_HANDLERS, operatorRefSchema } from './admin-inquiries'
import { APPLICATION_STATES, CERTIFICATE_FORMATS, CERTIFICATE_SLOTS, KIND_DOCUMENTS } from './jhs-free'
import { OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * The operators' console for junior-high free premium applications (decisions 0048 and 0073): the
 * queue (waiting ones first, the longest waiting first), an application's page, its four certificate
 * pictures, and the review. Every operator reads the queue and the pages (a viewer with the name,
 * birthday and mail address as `***`); support and admin alone open the pictures and review. Times
 * are ISO 8601 instants (UTC), as an operator's screen converts them.
 */

/**
 * Why an application was not approved: a fixed list the operator picks from, so that what the
 * applicant reads (in the mail and on their page) is a sentence PuriBox wrote for the code
 * (`server/src/locales/ja/jhs-mail.json`), never an operator's own words.
 */
export const JHS_REJECT_REASONS = [
  /** A picture is blurred, dark, cut off or too small to read. */
  'DOCUMENT_UNREADABLE',
  /** The name, birth date or grade typed is not what the documents show. */
  'DETAILS_MISMATCH',
  /** A document is not one of the kinds asked for, or is no longer valid. */
  'DOCUMENT_NOT_ACCEPTED',
  /** The documents do not show that the applicant is at junior high school now. */
  'NOT_JUNIOR_HIGH',
  /** A My Number or the insurance card's numbers were not hidden: PuriBox may not keep them. */
  'NUMBERS_NOT_HIDDEN',
  /** The pupil has the junior-high premium on another account already. */
  'ALREADY_ON_ANOTHER_ACCOUNT',
  /** The third school year of the grade given ended before the review: nothing is left to give. */
  'SCHOOL_YEAR_ENDED',
  /** Anything else: the applicant is asked to write to support. */
  'OTHER',
] as const
export type JhsRejectReason = (typeof JHS_REJECT_REASONS)[number]

export const APPLICATION_ADMIN_LIMITS = {
  /** The operator's note: kept for operators (the console and the audit log), never mailed. */
  noteMax: 500,
  pageSizeMax: 100,
} as const

/** Where a page of the queue continues from: the previous page's last application (waiting or not, sent when, id). */
export const APPLICATION_CURSOR =
  /^([01])_(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

export interface ApplicationCursor {
  /** Whether it was reviewed: waiting ones (false) come first. */
  reviewed: boolean
  submittedAt: Date
  id: string
}

export function applicationCursor(cursor: ApplicationCursor): string {
  return `${cursor.reviewed ? 1 : 0}_${cursor.submittedAt.toISOString()}_${cursor.id}`
}

export function parseApplicationCursor(text: string): ApplicationCursor | null {
  const match = APPLICATION_CURSOR.exec(text)
  if (!match?.[1] || !match[2] || !match[3]) return null
  const submittedAt = new Date(match[2])
  if (Number.isNaN(submittedAt.getTime())) return null
  return { reviewed: match[1] === '1', submittedAt, id: match[3] }
}

export const applicationListQuerySchema = z.object({
  state: z.enum(APPLICATION_STATES).optional().describe('Only the applications in this state; absent: all.'),
  after: z.string().regex(APPLICATION_CURSOR).optional().describe("The previous page's `next`."),
  limit: pageSizeSchema,
})
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>

const masked = '`***` for a viewer.'

export const adminApplicationSummarySchema = z.object({
  id: z.string(),
  state: z.enum(APPLICATION_STATES).describe('SUBMITTED: waiting for review.'),
  accountId: z.string(),
  familyName: z.string().describe(masked),
  givenName: z.string().describe(masked),
  grade: z.number().int().describe('The grade given, on the day it was sent.'),
  submittedAt: instantSchema,
  reviewedAt: instantSchema.nullable(),
  premiumEndsAt: instantSchema.describe(
    'When its premium ends (or would, if approved): 1 April 00:00 Japan time after the third school year of the grade given on the day it was sent; its last day is the 31 March before. An approval after it is refused.',
  ),
  certificatesDeleted: z.boolean().describe('The pictures were deleted (30 days after the review).'),
})
export type AdminApplicationSummary = z.infer<typeof adminApplicationSummarySchema>

export const adminApplicationPageSchema = z.object({
  applications: z
    .array(adminApplicationSummarySchema)
    .describe('Those waiting for review first, then the reviewed ones; each the longest waiting first.'),
  counts: z
    .object({ SUBMITTED: z.number().int(), APPROVED: z.number().int(), REJECTED: z.number().int() })
    .describe('How many applications each state has: the queue tabs.'),
  next: z.string().nullable().describe('Pass as `after` for the next page; null on the last.'),
})
export type AdminApplicationPage = z.infer<typeof adminApplicationPageSchema>

export const adminCertificateSchema = z.object({
  slot: z.enum(CERTIFICATE_SLOTS),
  contentType: z.enum(CERTIFICATE_FORMATS),
  byteSize: z.number().int(),
})

export const adminApplicationSchema = adminApplicationSummarySchema.extend({
  birthday: z.string().describe(`YYYY-MM-DD. ${masked}`),
  mailAddress: z.string().describe(`Where the result is mailed. ${masked}`),
  kindDocument: z.enum(KIND_DOCUMENTS).describe('What the `kind` picture shows.'),
  rejectReason: z
    .enum(JHS_REJECT_REASONS)
    .nullable()
    .describe('When REJECTED: the reason picked (null for one rejected before reasons were fixed).'),
  rejectReasonText: z
    .string()
    .nullable()
    .describe('When REJECTED: the sentence the applicant was mailed and reads on their page.'),
  note: z
    .string()
    .nullable()
    .describe("The reviewing operator's note: for operators only, never mailed nor shown to the applicant."),
  reviewer: operatorRefSchema.nullable().describe('The operator who reviewed it.'),
  certificates: z
    .array(adminCertificateSchema)
    .describe(
      'The four pictures, by slot; none once deleted. Support and admin open each at `certificates/{slot}`.',
    ),
})
export type AdminApplication = z.infer<typeof adminApplicationSchema>

export const applicationParamsSchema = z.object({ applicationId: z.uuid() })
export const certificateParamsSchema = z.object({
  applicationId: z.uuid(),
  slot: z.enum(CERTIFICATE_SLOTS),
})

const note = oneLine(APPLICATION_ADMIN_LIMITS.noteMax, 0)
  .optional()
  .describe(
    'In the operator’s words, for operators only (the console, the audit log): never mailed nor shown to the applicant. Write no personal data here.',
  )

export const applicationApproveSchema = z.object({ note })
export type ApplicationApprove = z.infer<typeof applicationApproveSchema>

export const applicationRejectSchema = z.object({
  reason: z.enum(JHS_REJECT_REASONS).describe("The applicant reads PuriBox's sentence for it."),
  note,
})
export type ApplicationReject = z.infer<typeof applicationRejectSchema>

const APPLICATIONS = '/admin/api/applications'
const REVIEWED =
  'One transaction with its event (the audit log records who, when, the outcome and the note); the applicant is mailed once it commits. The pictures are deleted 30 days after the review.'

/**
 * The console's routes for junior-high applications. Every operator reads the queue and the pages;
 * support and admin open the certificate pictures and review (`school-applications.policy.ts`
 * decides the same again in the service).
 */
export const adminApplicationsApi = {
  adminApplications: route({
    method: 'GET',
    path: APPLICATIONS,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A page of junior-high applications, those waiting first, the longest waiting first.',
    query: applicationListQuerySchema,
    response: wrapped(adminApplicationPageSchema),
  }),
  adminApplication: route({
    method: 'GET',
    path: `${APPLICATIONS}/:applicationId`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'An application: who applied, the documents sent and the review.',
    errors: ['JHS_APPLICATION_NOT_FOUND'],
    params: applicationParamsSchema,
    response: wrapped(adminApplicationSchema),
  }),
  adminApplicationCertificate: route({
    method: 'GET',
    path: `${APPLICATIONS}/:applicationId/certificates/:slot`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: "One of an application's certificate pictures, as the applicant sent it.",
    description:
      'Answered with its own type (JPEG, PNG or HEIC), `Cache-Control: private, no-store` and `nosniff`. Each viewing is in the audit log (`school-application.certificate-viewed`, with the slot). JHS_CERTIFICATE_DELETED once the pictures were deleted, 30 days after the review.',
    errors: ['JHS_APPLICATION_NOT_FOUND', 'JHS_CERTIFICATE_DELETED'],
    params: certificateParamsSchema,
    file: CERTIFICATE_FORMATS,
  }),
  adminApplicationApprove: route({
    method: 'POST',
    path: `${APPLICATIONS}/:applicationId/approve`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Approves an application: the account has the junior-high premium until `premiumEndsAt`.',
    description: `A paid subscription that still renews is stopped. JHS_APPLICATION_NOT_SUBMITTED when it was reviewed already; JHS_PREMIUM_PERIOD_OVER when its premium would already have ended (reject it with SCHOOL_YEAR_ENDED). ${REVIEWED}`,
    errors: ['JHS_APPLICATION_NOT_FOUND', 'JHS_APPLICATION_NOT_SUBMITTED', 'JHS_PREMIUM_PERIOD_OVER'],
    params: applicationParamsSchema,
    body: applicationApproveSchema,
    response: wrapped(adminApplicationSchema),
  }),
  adminApplicationReject: route({
    method: 'POST',
    path: `${APPLICATIONS}/:applicationId/reject`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Rejects an application for one of the fixed reasons; the applicant may apply again.',
    description: `The applicant is mailed PuriBox's sentence for the reason, never the note. JHS_APPLICATION_NOT_SUBMITTED when it was reviewed already. ${REVIEWED}`,
    errors: ['JHS_APPLICATION_NOT_FOUND', 'JHS_APPLICATION_NOT_SUBMITTED'],
    params: applicationParamsSchema,
    body: applicationRejectSchema,
    response: wrapped(adminApplicationSchema),
  }),
}
