import { z } from 'zod'
import { CASE_HANDLERS } from './admin-inquiries'
import { EXTERNAL_PROVIDERS } from './external-auth'
import { PAYMENT_KINDS, PAYMENT_PLANS } from './payments'
import { PURIGET_PENALTY_REASONS, SNS_PENALTY_REASONS } from './penalty-reasons'
import { ADMINS, OPERATORS, route } from './routes'
import { SEAL_ID_INPUT_PATTERN } from './seal-id'
import { wrapped } from './wrapper'

/**
 * The operators' console for members: finding a member, their page (membership, how they sign in,
 * payments, sessions, penalties, saved seals), setting and clearing their penalties, signing them
 * out everywhere and deleting their account. Every operator reads (a viewer with the mail address,
 * nickname and birthday as `***`); support and admin act on members, as on every person's case
 * (decision 0073: an editor reads); only an admin deletes an account. Times are ISO 8601 instants (UTC), as an operator's screen converts them.
 */

export const MEMBER_ADMIN_LIMITS = {
  /** The operator's note: kept for operators (the console and the audit log), never shown to the member. */
  noteMax: 500,
  mailAddressMax: 254,
  /** What a deletion's confirmation may be: an account id or a mail address. */
  confirmationMax: 254,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  sealsPageDefault: 50,
  sealsPageMax: 100,
} as const

const instant = z.string().describe('ISO 8601 instant, UTC.')

// Control characters (tab and line breaks included) have no place in a one-line note, and the
// database can keep neither a NUL nor half of a surrogate pair.
const CONTROL = /[\p{Cc}\p{Cs}]/u

const note = z
  .string()
  .trim()
  .max(MEMBER_ADMIN_LIMITS.noteMax)
  .refine((value) => !CONTROL.test(value), 'no control characters')
  .optional()
  .describe(
    'Why, in the operator’s words: kept for operators (the member’s page in the console, the audit log), never shown nor sent to the member. Write no personal data here.',
  )

const pageSize = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback)

// Finding members

export const memberSearchQuerySchema = z
  .object({
    accountId: z.uuid().optional().describe("The account's id."),
    mailAddress: z
      .string()
      .trim()
      .min(1)
      .max(MEMBER_ADMIN_LIMITS.mailAddressMax)
      .optional()
      .describe('The whole mail address, in any case (several accounts may differ only in case).'),
    sealId: z
      .string()
      .regex(new RegExp(SEAL_ID_INPUT_PATTERN))
      .optional()
      .describe(
        'A seal ID a member saved, as people type it (normalised as the members’ API does); SEAL_ID_MALFORMED when it cannot be read.',
      ),
    after: z.uuid().optional().describe('`next` of the previous page: the page after it.'),
    limit: pageSize(MEMBER_ADMIN_LIMITS.pageSizeDefault, MEMBER_ADMIN_LIMITS.pageSizeMax),
  })
  .refine(
    (query) =>
      [query.accountId, query.mailAddress, query.sealId].filter((key) => key !== undefined).length === 1,
    { message: 'give exactly one of accountId, mailAddress and sealId', path: ['accountId'] },
  )
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>

const membership = z.enum(['MINI', 'PREMIUM', 'JHS_PREMIUM']).describe('As of now.')
const snsPenalty = z.enum(['WARNING', 'ACCESSCONTROL', 'SUSPENSION'])
const purigetPenalty = z.enum(['RED', 'YELLOW', 'GREEN'])

export const memberSummarySchema = z.object({
  id: z.string(),
  mailAddress: z.string().nullable().describe('`***` for a viewer.'),
  membership,
  official: z.boolean(),
  registeredAt: instant,
  snsPenalty: snsPenalty.nullable(),
  purigetPenalty: purigetPenalty.describe('As stored: a YELLOW may have lapsed (the member’s page says).'),
})
export type MemberSummary = z.infer<typeof memberSummarySchema>

export const memberPageSchema = z.object({
  members: z.array(memberSummarySchema).describe('By account id.'),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type MemberPage = z.infer<typeof memberPageSchema>

// A member's page

export const memberParamsSchema = z.object({ accountId: z.uuid() })

/** Who decided a penalty: an operator (with their mail address as it is now) or a job. */
export const penaltyDecidedBySchema = z.object({
  kind: z.enum(['operator', 'system']),
  operatorId: z.string().nullable(),
  operatorMailAddress: z.string().nullable(),
  job: z.string().nullable(),
})

const decision = <R extends readonly [string, ...string[]]>(reasons: R) =>
  z
    .object({
      reason: z.enum(reasons).describe('The reason code the member is told (their pages show its sentence).'),
      note: z.string().nullable().describe('The operator’s note: for operators only.'),
      decidedAt: instant,
      decidedBy: penaltyDecidedBySchema,
    })
    .nullable()
    .describe(
      'Why and by whom the penalty in force was set; null without one (or one set before this was kept).',
    )

export const memberPenaltiesSchema = z.object({
  puriget: z.object({
    penalty: purigetPenalty.describe('As of now: a YELLOW that lapsed is GREEN.'),
    yellowUntil: instant.nullable().describe('While YELLOW: when lookups start again.'),
    decision: decision(PURIGET_PENALTY_REASONS),
  }),
  sns: z.object({
    penalty: snsPenalty.nullable(),
    decision: decision(SNS_PENALTY_REASONS),
  }),
})
export type MemberPenalties = z.infer<typeof memberPenaltiesSchema>

export const memberSealSchema = z.object({
  sealId: z.string().describe('Canonical: 10 characters.'),
  savedAt: instant.describe('When the member saved (registered) the seal.'),
  pictures: z.number().int().describe('How many of its pictures are saved to the member.'),
})
export type MemberSeal = z.infer<typeof memberSealSchema>

export const memberSealPageSchema = z.object({
  total: z.number().int().describe('Seals the member saved, in all.'),
  seals: z.array(memberSealSchema).describe('The latest saved first.'),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type MemberSealPage = z.infer<typeof memberSealPageSchema>

export const memberDetailSchema = z.object({
  account: z.object({
    id: z.string(),
    mailAddress: z.string().nullable().describe('`***` for a viewer.'),
    official: z.boolean(),
    registeredAt: instant,
    membership,
    premiumUntil: instant.nullable().describe('Until when paid premium runs, as its subscriptions give it.'),
    schoolPremiumUntil: instant.nullable().describe('Until when the junior-high free premium runs.'),
  }),
  profile: z.object({
    nickname: z.string().nullable().describe('`***` for a viewer.'),
    birthday: z.string().nullable().describe('YYYY-MM-DD; `***` for a viewer.'),
  }),
  signIn: z.object({
    password: z.boolean().describe('Signs in with the mail address and a password.'),
    identities: z
      .array(z.object({ provider: z.enum(EXTERNAL_PROVIDERS), linkedAt: instant }))
      .describe('LINE, X (twitter) and carriers linked to the account; their ids are not shown.'),
  }),
  subscriptions: z
    .array(
      z.object({
        id: z.string().describe("PuriBox's reference at the payment gateway."),
        gatewayRef: z.string().nullable().describe("The gateway's id of the subscription, once it answered."),
        kind: z.enum(PAYMENT_KINDS),
        plan: z.enum(PAYMENT_PLANS),
        trial: z.boolean(),
        status: z.enum(['PENDING', 'DECLINED', 'ACTIVE', 'CANCELLED', 'GRACE', 'ENDED']),
        renewing: z
          .boolean()
          .describe('It renews: the member must cancel it before the account can be deleted.'),
        priceYen: z.number().int(),
        createdAt: instant,
        lastPaidAt: instant.nullable(),
        paidUntil: instant.nullable(),
        graceUntil: instant.nullable(),
      }),
    )
    .describe('The newest first. No card data is ever kept.'),
  sessions: z
    .array(
      z.object({
        id: z.string().describe('Names the session on this page; it is not the session.'),
        device: z.string().nullable().describe('The phone and browser it was signed in on.'),
        signedInAt: instant,
        lastUsedAt: instant,
      }),
    )
    .describe('Where the member is signed in now, the most recently used first.'),
  penalties: memberPenaltiesSchema,
  seals: memberSealPageSchema.describe('The first page of the seals saved; the seals route pages on.'),
})
export type MemberDetail = z.infer<typeof memberDetailSchema>

export const memberSealsQuerySchema = z.object({
  after: z.string().max(200).optional().describe('`next` of the previous page.'),
  limit: pageSize(MEMBER_ADMIN_LIMITS.sealsPageDefault, MEMBER_ADMIN_LIMITS.sealsPageMax),
})
export type MemberSealsQuery = z.infer<typeof memberSealsQuerySchema>

// Acting on a member

export const purigetPenaltySetSchema = z.object({
  reason: z.enum(PURIGET_PENALTY_REASONS).describe('What the member is told, from the fixed list.'),
  note,
})
export type PurigetPenaltySet = z.infer<typeof purigetPenaltySetSchema>

export const snsPenaltySetSchema = z.object({
  penalty: snsPenalty,
  reason: z.enum(SNS_PENALTY_REASONS).describe('What the member is told, from the fixed list.'),
  note,
})
export type SnsPenaltySet = z.infer<typeof snsPenaltySetSchema>

export const memberNoteSchema = z.object({ note })
export type MemberNote = z.infer<typeof memberNoteSchema>

export const memberDeleteSchema = z.object({
  confirmation: z
    .string()
    .max(MEMBER_ADMIN_LIMITS.confirmationMax)
    .describe(
      "The account's id or mail address, typed by the operator (compared without surrounding spaces, whatever the case).",
    ),
  note,
})
export type MemberDelete = z.infer<typeof memberDeleteSchema>

export const memberDeletedSchema = z.object({ accountId: z.string(), deleted: z.literal(true) })

// The routes

const MEMBERS = '/admin/api/members'
const AUDITED =
  'The change and its event are one transaction: the audit log records who, when, before and after, and the note.'

/**
 * The console's routes for members. Every operator reads; support and admin set and clear
 * penalties and sign members out; only admins delete an account (the penalties', sessions' and
 * members' policies in the server decide the same again).
 */
export const adminMembersApi = {
  adminMembers: route({
    method: 'GET',
    path: MEMBERS,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'Finds members by account id, by mail address (whatever its case) or by a seal ID they saved.',
    description:
      'Exactly one of accountId, mailAddress and sealId. A seal may have several owners and a mail address several cases: the answer is a page, by account id.',
    errors: ['SEAL_ID_MALFORMED'],
    query: memberSearchQuerySchema,
    response: wrapped(memberPageSchema),
  }),
  adminMember: route({
    method: 'GET',
    path: `${MEMBERS}/:accountId`,
    roles: OPERATORS,
    tag: 'admin',
    summary:
      "A member's page: membership, how they sign in, payments, sessions, penalties and the first seals saved.",
    errors: ['MEMBER_NOT_FOUND'],
    params: memberParamsSchema,
    response: wrapped(memberDetailSchema),
  }),
  adminMemberSeals: route({
    method: 'GET',
    path: `${MEMBERS}/:accountId/seals`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A page of the seals a member saved, the latest first, with how many pictures each.',
    errors: ['MEMBER_NOT_FOUND'],
    params: memberParamsSchema,
    query: memberSealsQuerySchema,
    response: wrapped(memberSealPageSchema),
  }),
  adminMemberPurigetPenaltySet: route({
    method: 'PUT',
    path: `${MEMBERS}/:accountId/puriget-penalty`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Makes the puri-getting penalty RED (or changes its reason): the member may not get puri.',
    description: `Every seal lookup of the member is refused (PURIGET_PENALTY_RED) from now on: at once on this server process, within a second on the others. The member's penalty page tells the reason's sentence. The same reason and note again change nothing. ${AUDITED}`,
    errors: ['MEMBER_NOT_FOUND'],
    params: memberParamsSchema,
    body: purigetPenaltySetSchema,
    response: wrapped(memberDetailSchema),
  }),
  adminMemberPurigetPenaltyClear: route({
    method: 'POST',
    path: `${MEMBERS}/:accountId/puriget-penalty/clear`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary:
      'Clears the puri-getting penalty (RED, or a YELLOW in force): GREEN, with its counters forgotten.',
    description: `PENALTY_NOT_SET when the member is GREEN already. ${AUDITED}`,
    errors: ['MEMBER_NOT_FOUND', 'PENALTY_NOT_SET'],
    params: memberParamsSchema,
    body: memberNoteSchema,
    response: wrapped(memberDetailSchema),
  }),
  adminMemberSnsPenaltySet: route({
    method: 'PUT',
    path: `${MEMBERS}/:accountId/sns-penalty`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary:
      'Sets the SNS penalty (WARNING, ACCESSCONTROL or SUSPENSION) with the reason the member is told.',
    description: `WARNING: the member is shown the reason on their profile page. ACCESSCONTROL: profile edits and ad reactions are refused (SNS_RESTRICTED). SUSPENSION: the member is signed out everywhere in the same transaction, and every sign-in is refused (ACCOUNT_SUSPENDED, with the reason). ${AUDITED}`,
    errors: ['MEMBER_NOT_FOUND'],
    params: memberParamsSchema,
    body: snsPenaltySetSchema,
    response: wrapped(memberDetailSchema),
  }),
  adminMemberSnsPenaltyClear: route({
    method: 'POST',
    path: `${MEMBERS}/:accountId/sns-penalty/clear`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Lifts the SNS penalty.',
    description: `PENALTY_NOT_SET when the member has none. ${AUDITED}`,
    errors: ['MEMBER_NOT_FOUND', 'PENALTY_NOT_SET'],
    params: memberParamsSchema,
    body: memberNoteSchema,
    response: wrapped(memberDetailSchema),
  }),
  adminMemberSignOut: route({
    method: 'POST',
    path: `${MEMBERS}/:accountId/sign-out`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Signs the member out everywhere: every session of the account ends at once.',
    description: `The member's next request on any phone is a guest's. ${AUDITED}`,
    errors: ['MEMBER_NOT_FOUND'],
    params: memberParamsSchema,
    body: memberNoteSchema,
    response: wrapped(memberDetailSchema),
  }),
  adminMemberDelete: route({
    method: 'POST',
    path: `${MEMBERS}/:accountId/delete`,
    roles: ADMINS,
    tag: 'admin',
    summary: 'Deletes the account and everything PuriBox keeps about it, as leaving does.',
    description: `The operator types the account's id or mail address as the confirmation (DELETION_CONFIRMATION_MISMATCH otherwise). Refused with PREMIUM_ACTIVE while a subscription still renews, as a member leaving is: the gateway would go on charging an account that is gone, so the member cancels first (or the gateway's console ends it). Payments are kept as the record of money taken, no longer naming the account. ${AUDITED}`,
    errors: ['MEMBER_NOT_FOUND', 'DELETION_CONFIRMATION_MISMATCH', 'PREMIUM_ACTIVE'],
    params: memberParamsSchema,
    body: memberDeleteSchema,
    response: wrapped(memberDeletedSchema),
  }),
}
