import { z } from 'zod'
import { AUDITED, instantSchema, lines, oneLine, pageSizeSchema, reasonSchema } from './admin-content'
import {
  HOW_TO_REGISTER,
  INQUIRY_ACCOUNT_KINDS,
  INQUIRY_CARRIERS,
  INQUIRY_PAYMENT_KINDS,
  INQUIRY_TOPICS,
} from './inquiry-rules'
import { type ConsoleRole, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * The operators' console for inquiries (decision 0073): an inbox by state, an inquiry's page with
 * everything sent, who handles it, the replies mailed from the console and the operators' internal
 * notes. Every operator reads (a viewer with the addresses, the text, the seal IDs and what operators
 * wrote as `***`); support and admin handle inquiries. Times are ISO 8601 instants (UTC), as an
 * operator's screen converts them.
 */

/**
 * Where an inquiry is in support's hands:
 * - `new`: nobody has taken it up yet (every inquiry arrives so);
 * - `in-progress`: an operator works on it;
 * - `answered`: a reply went to the person (a reply sets it), support waits for them;
 * - `closed`: nothing more to do. Any state may be set again: a person who writes back reopens it.
 */
export const INQUIRY_STATES = ['new', 'in-progress', 'answered', 'closed'] as const
export type InquiryState = (typeof INQUIRY_STATES)[number]

/**
 * The operators who act on a person's case (an inquiry, a junior-high application): support and
 * admin. Not every role above support: an editor writes content and registers booths, and neither
 * needs a person's correspondence nor their identity documents (decision 0073).
 */
export const CASE_HANDLERS = ['SUPPORT', 'ADMIN'] as const satisfies readonly ConsoleRole[]

export const INQUIRY_ADMIN_LIMITS = {
  /** A reply mailed to the person: plain text, long enough for a careful answer. */
  replyMax: 5000,
  /** An internal note. */
  noteMax: 2000,
  mailAddressMax: 254,
  pageSizeMax: 100,
} as const

/** Where a page of the inbox continues from: the received time and id of the previous page's last inquiry. */
export const INQUIRY_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/

export function inquiryCursor(receivedAt: Date, id: string): string {
  return `${receivedAt.toISOString()}_${id}`
}

export function parseInquiryCursor(cursor: string): { receivedAt: Date; id: string } | null {
  const match = INQUIRY_CURSOR.exec(cursor)
  if (!match?.[1] || !match[2]) return null
  const receivedAt = new Date(match[1])
  return Number.isNaN(receivedAt.getTime()) ? null : { receivedAt, id: match[2] }
}

/** A reference number as typed: spaces dropped, upper-case (`pb261120-abcd` finds `PB261120-ABCD`). */
export function normalizeReferenceNumber(typed: string): string {
  return typed.normalize('NFKC').replace(/\s+/g, '').toUpperCase()
}

export const inquiryListQuerySchema = z.object({
  state: z.enum(INQUIRY_STATES).optional().describe('Only the inquiries in this state; absent: all.'),
  assignee: z
    .union([z.uuid(), z.literal('none')])
    .optional()
    .describe('Only those of this operator, or `none`: those nobody handles.'),
  topic: z.enum(INQUIRY_TOPICS).optional(),
  referenceNumber: oneLine(30).optional().describe('The whole reference number, in any case.'),
  mailAddress: oneLine(INQUIRY_ADMIN_LIMITS.mailAddressMax)
    .optional()
    .describe('The address the answer goes to, whole, in any case.'),
  order: z
    .enum(['oldest', 'newest'])
    .default('oldest')
    .describe('By the time received: the longest waiting first (the default), or the newest.'),
  after: z.string().regex(INQUIRY_CURSOR).optional().describe("The previous page's `next`."),
  limit: pageSizeSchema,
})
export type InquiryListQuery = z.infer<typeof inquiryListQuerySchema>

/**
 * An operator as the console names them: their id and mail address as it is now (staff, not a
 * member's data: shown to every operator, as in the audit log).
 */
export const operatorRefSchema = z.object({ operatorId: z.string(), operatorMailAddress: z.string() })
export type OperatorRef = z.infer<typeof operatorRefSchema>

const masked = '`***` for a viewer.'

export const adminInquirySummarySchema = z.object({
  id: z.string(),
  referenceNumber: z.string().describe('`PBYYMMDD-XXXX`, as the person was told.'),
  topic: z.enum(INQUIRY_TOPICS),
  state: z.enum(INQUIRY_STATES),
  assignee: operatorRefSchema.nullable().describe('Who handles it; null: nobody yet.'),
  accountId: z.string().nullable().describe("The member's account; null for a guest."),
  replyTo: z.string().describe(`Where replies go: the first address the person gave. ${masked}`),
  receivedAt: instantSchema,
  lastRepliedAt: instantSchema.nullable(),
  replyCount: z.number().int(),
  noteCount: z.number().int(),
})
export type AdminInquirySummary = z.infer<typeof adminInquirySummarySchema>

export const adminInquiryPageSchema = z.object({
  inquiries: z.array(adminInquirySummarySchema),
  counts: z
    .object({
      new: z.number().int(),
      'in-progress': z.number().int(),
      answered: z.number().int(),
      closed: z.number().int(),
    } satisfies Record<InquiryState, z.ZodType>)
    .describe('How many inquiries each state has, whatever the other filters: the inbox tabs.'),
  next: z.string().nullable().describe('Pass as `after` for the next page; null on the last.'),
})
export type AdminInquiryPage = z.infer<typeof adminInquiryPageSchema>

/** What the person sent, the fields their topic does not ask for empty. */
export const adminInquiryDraftSchema = z.object({
  text: z.string().describe(masked),
  mailAddresses: z.array(z.string()).describe(`Each ${masked}`),
  sealIds: z.array(z.string()).describe(`Each ${masked}`),
  checkedImage: z
    .object({ sealId: z.string(), number: z.number().int() })
    .nullable()
    .describe(`The seal ID ${masked}`),
  machine: z.string().nullable(),
  shop: z.string().nullable(),
  date: z.string().nullable().describe('YYYY-MM-DD, as the person gave it.'),
  carrier: z.enum(INQUIRY_CARRIERS).nullable(),
  accountKind: z.enum(INQUIRY_ACCOUNT_KINDS).nullable(),
  paymentKind: z.enum(INQUIRY_PAYMENT_KINDS).nullable(),
  paymentPrice: z.number().int().nullable(),
  howToRegister: z.array(z.enum(HOW_TO_REGISTER)),
})
export type AdminInquiryDraft = z.infer<typeof adminInquiryDraftSchema>

export const inquiryReplySchema = z.object({
  id: z.string(),
  operator: operatorRefSchema.nullable().describe('Who wrote it (null if that operator is gone).'),
  mailAddress: z.string().describe(`Where it was mailed. ${masked}`),
  subject: z.string(),
  text: z.string().describe(`What the operator wrote, as mailed. ${masked}`),
  sentAt: instantSchema,
})
export type InquiryReply = z.infer<typeof inquiryReplySchema>

export const inquiryNoteSchema = z.object({
  id: z.string(),
  operator: operatorRefSchema.nullable(),
  text: z.string().describe(`For operators only, never mailed. ${masked}`),
  createdAt: instantSchema,
})
export type InquiryNote = z.infer<typeof inquiryNoteSchema>

export const adminInquirySchema = adminInquirySummarySchema.extend({
  draft: adminInquiryDraftSchema,
  supportMailedAt: instantSchema.nullable().describe('When the copy went to the support inbox.'),
  confirmationMailedAt: instantSchema.nullable().describe('When the person was told it arrived.'),
  replies: z.array(inquiryReplySchema).describe('Oldest first.'),
  notes: z.array(inquiryNoteSchema).describe('Oldest first.'),
})
export type AdminInquiry = z.infer<typeof adminInquirySchema>

export const inquiryParamsSchema = z.object({ inquiryId: z.uuid() })

export const inquiryAssignSchema = z.object({
  assigneeId: z.uuid().nullable().describe('A support or admin operator who may sign in; null: nobody.'),
  reason: reasonSchema,
})
export type InquiryAssign = z.infer<typeof inquiryAssignSchema>

export const inquiryStateChangeSchema = z.object({ state: z.enum(INQUIRY_STATES), reason: reasonSchema })
export type InquiryStateChange = z.infer<typeof inquiryStateChangeSchema>

export const inquiryReplyBodySchema = z.object({
  text: lines(INQUIRY_ADMIN_LIMITS.replyMax).describe(
    "The reply as the person reads it, plain text (line breaks are \\n). PuriBox adds the reference number, the way to write again and its signature; the inquiry's own text is never quoted by itself.",
  ),
})
export type InquiryReplyBody = z.infer<typeof inquiryReplyBodySchema>

export const inquiryNoteBodySchema = z.object({ text: lines(INQUIRY_ADMIN_LIMITS.noteMax) })
export type InquiryNoteBody = z.infer<typeof inquiryNoteBodySchema>

export const inquiryAssigneesSchema = z.object({
  operators: z.array(operatorRefSchema).describe('By mail address.'),
})
export type InquiryAssignees = z.infer<typeof inquiryAssigneesSchema>

const INQUIRIES = '/admin/api/inquiries'

/**
 * The console's routes for inquiries. Every operator reads; support and admin assign, change the
 * state, reply and write notes (`inquiries.policy.ts` decides the same again in the service).
 */
export const adminInquiriesApi = {
  adminInquiries: route({
    method: 'GET',
    path: INQUIRIES,
    roles: OPERATORS,
    tag: 'admin',
    summary:
      'A page of inquiries of one state or all, the longest waiting first, with the count of each state.',
    description:
      'Filters combine: state, who handles them (`assignee`, or `none`), topic, a reference number, the address replies go to. A viewer may filter by address too, and reads the answer masked.',
    query: inquiryListQuerySchema,
    response: wrapped(adminInquiryPageSchema),
  }),
  adminInquiryAssignees: route({
    method: 'GET',
    path: `${INQUIRIES}/assignees`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'The operators an inquiry may be given to: support and admin operators who may sign in.',
    response: wrapped(inquiryAssigneesSchema),
  }),
  adminInquiry: route({
    method: 'GET',
    path: `${INQUIRIES}/:inquiryId`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'An inquiry with everything sent, its replies and its notes.',
    errors: ['INQUIRY_NOT_FOUND'],
    params: inquiryParamsSchema,
    response: wrapped(adminInquirySchema),
  }),
  adminInquiryAssign: route({
    method: 'PUT',
    path: `${INQUIRIES}/:inquiryId/assignee`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Gives an inquiry to an operator, or to nobody.',
    description: `INQUIRY_ASSIGNEE_INVALID for an operator who is not support or admin, or may no longer sign in. ${AUDITED}`,
    errors: ['INQUIRY_NOT_FOUND', 'INQUIRY_ASSIGNEE_INVALID'],
    params: inquiryParamsSchema,
    body: inquiryAssignSchema,
    response: wrapped(adminInquirySchema),
  }),
  adminInquiryState: route({
    method: 'PUT',
    path: `${INQUIRIES}/:inquiryId/state`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: "Sets an inquiry's state.",
    description: `Any state may follow any other; setting the state it has changes nothing. ${AUDITED}`,
    errors: ['INQUIRY_NOT_FOUND'],
    params: inquiryParamsSchema,
    body: inquiryStateChangeSchema,
    response: wrapped(adminInquirySchema),
  }),
  adminInquiryReply: route({
    method: 'POST',
    path: `${INQUIRIES}/:inquiryId/replies`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Mails a reply to the address the inquiry gave for answers, and keeps it with the inquiry.',
    description:
      'The subject carries the reference number. The inquiry becomes `answered`, and the replying operator handles it if nobody did. The reply is kept only once the mail is handed to the mail server: INQUIRY_REPLY_NOT_MAILED keeps nothing (send it again). The audit log records that a reply was sent and its id, not its text.',
    errors: ['INQUIRY_NOT_FOUND', 'INQUIRY_REPLY_NOT_MAILED'],
    params: inquiryParamsSchema,
    body: inquiryReplyBodySchema,
    response: wrapped(adminInquirySchema),
  }),
  adminInquiryNote: route({
    method: 'POST',
    path: `${INQUIRIES}/:inquiryId/notes`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Adds an internal note to an inquiry: for operators only, never mailed.',
    description: 'The audit log records that a note was added and its id, not its text.',
    errors: ['INQUIRY_NOT_FOUND'],
    params: inquiryParamsSchema,
    body: inquiryNoteBodySchema,
    response: wrapped(adminInquirySchema),
  }),
}
