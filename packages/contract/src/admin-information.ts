import { z } from 'zod'
import {
  AUDITED,
  instantInputSchema,
  instantSchema,
  lines,
  oneLine,
  pageSizeSchema,
  reasonSchema,
} from './admin-content'
import { blockSchema, INFORMATION_LIMITS } from './information'
import { INFORMATION_PAGES } from './pages'
import { POLICY_KINDS } from './policies'
import { EDITORS, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * The information pages and the policies in the operators' console (decision 0078). Each page
 * (terms of service, privacy policy, …) is a list of versions; two of them are also the policies
 * members agree to (`POLICY_PAGES`: the privacy policy is kind `furyu`, the data-transmission
 * contract kind `puribox`). An editor writes a new version as a draft in Markdown, sees it as
 * members will (the server's own rendering, the one members' pages get), and publishes it now or at
 * a time to come. A published version never changes: a change is a new version. A new version of a
 * policy's page is a new version of the policy: every member is asked to agree again once it is in
 * force. A version's state follows from its publication time:
 * - `draft`: not published; members never see it, editors change or discard it;
 * - `scheduled`: published at a time to come; members see it from then on, with no job (it can be
 *   taken back to a draft until then);
 * - `current`: the version members see now, the last one published up to now;
 * - `past`: published, then replaced by a later one; members still open it by its address.
 */

export const INFORMATION_STATES = ['draft', 'scheduled', 'current', 'past'] as const
export type InformationState = (typeof INFORMATION_STATES)[number]

export const INFORMATION_ADMIN_LIMITS = {
  /** The most drafts and scheduled versions a page holds at once (each listed whole). */
  openVersionsMax: 20,
  /**
   * The largest request a draft or a preview may be: the longest body (3 bytes of UTF-8 for each
   * UTF-16 unit at most, as JSON sends Japanese as it is), with room for the title and the reason.
   * Other requests of the console keep the server's usual limit.
   */
  requestMaxBytes: 3 * INFORMATION_LIMITS.bodyMax + 16 * 1024,
} as const

/**
 * A new version's label: a letter or digit, then letters, digits, `.`, `_` or `-`, at most 64
 * (`2026-12-01`, the date of the revision, is the custom). Stricter than the labels the members'
 * routes read (printable ASCII), so a label is always one segment of an address as it is.
 */
export const NEW_VERSION_LABEL = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/

/**
 * What a body has that members' pages cannot show as written, by kind: raw HTML, an image,
 * italic or strike-through, a link that is not a path of this site, an https:// or a mailto:
 * address, a heading other than ## and ###, a list inside a list, something else inside a list item,
 * a horizontal rule, bold that did not close, other Markdown (quotes, code). A draft may hold
 * problems while it is written; publishing refuses it (INFORMATION_MARKDOWN_UNSUPPORTED).
 */
export const MARKDOWN_PROBLEMS = [
  'html',
  'image',
  'emphasis',
  'link',
  'heading',
  'nested-list',
  'list-content',
  'rule',
  'unclosed-bold',
  'unsupported',
] as const
export type MarkdownProblemCode = (typeof MARKDOWN_PROBLEMS)[number]

export const markdownProblemSchema = z.object({
  code: z.enum(MARKDOWN_PROBLEMS),
  detail: z
    .string()
    .nullable()
    .describe(
      'What it is about, as written: the link’s address, the heading’s level, the Markdown kind, the start of the text near an unclosed bold; null when the kind says it all.',
    ),
})
export type MarkdownProblem = z.infer<typeof markdownProblemSchema>

const versionLabelSchema = z
  .string()
  .regex(NEW_VERSION_LABEL)
  .describe('The new version’s label: letters, digits, `.`, `_`, `-`, at most 64, e.g. `2026-12-01`.')

const titleSchema = oneLine(INFORMATION_LIMITS.titleMax).describe('The page’s title, one line.')

const bodySchema = lines(INFORMATION_LIMITS.bodyMax).describe(
  'Markdown: headings ## and ###, paragraphs, lists (one level), tables, bold, links to paths of this site, https:// or mailto: addresses. No HTML.',
)

export const informationPageParamsSchema = z.object({ page: z.enum(INFORMATION_PAGES) })
export const informationVersionParamsSchema = z.object({
  page: z.enum(INFORMATION_PAGES),
  version: z.string().min(1).max(INFORMATION_LIMITS.versionMax),
})

export const informationDraftCreateSchema = z.object({
  version: versionLabelSchema,
  title: titleSchema,
  body: bodySchema,
  reason: reasonSchema,
})
export type InformationDraftCreate = z.infer<typeof informationDraftCreateSchema>

export const informationDraftChangeSchema = z
  .object({ version: versionLabelSchema, title: titleSchema, body: bodySchema, reason: reasonSchema })
  .partial()
export type InformationDraftChange = z.infer<typeof informationDraftChangeSchema>

export const informationPublishSchema = z.object({
  publishAt: instantInputSchema
    .optional()
    .describe('When members start to see it: a time to come. Absent: now.'),
  reason: reasonSchema,
})
export type InformationPublish = z.infer<typeof informationPublishSchema>

export const informationStepSchema = z.object({ reason: reasonSchema })
export type InformationStep = z.infer<typeof informationStepSchema>

export const informationPreviewSchema = z.object({
  body: z.string().max(INFORMATION_LIMITS.bodyMax).describe('Markdown as typed; nothing is stored.'),
})
export type InformationPreview = z.infer<typeof informationPreviewSchema>

export const informationHistoryQuerySchema = z.object({
  after: z
    .string()
    .max(INFORMATION_LIMITS.versionMax)
    .optional()
    .describe('`next` of the previous page: the versions published before it. Absent: the newest.'),
  limit: pageSizeSchema,
})
export type InformationHistoryQuery = z.infer<typeof informationHistoryQuerySchema>

export const informationVersionSummarySchema = z.object({
  version: z.string(),
  title: z.string(),
  state: z.enum(INFORMATION_STATES),
  publishedAt: instantSchema.nullable().describe('When members see it from; null for a draft.'),
  updatedAt: instantSchema,
  characters: z.number().int().describe('The length of its Markdown.'),
})
export type InformationVersionSummary = z.infer<typeof informationVersionSummarySchema>

/** What publishing a new version of a policy's page does to members. */
export const informationPolicySchema = z.object({
  kind: z.enum(POLICY_KINDS),
  inForce: z.string().nullable().describe('The version of the policy members must have agreed to now.'),
  agreedToInForce: z
    .number()
    .int()
    .describe(
      'How many members agreed to the version in force: each is asked to agree again once a newer version is in force (the others have not agreed yet anyway).',
    ),
})
export type InformationPolicy = z.infer<typeof informationPolicySchema>

export const adminInformationDocumentSchema = z.object({
  page: z.enum(INFORMATION_PAGES),
  policyKind: z
    .enum(POLICY_KINDS)
    .nullable()
    .describe('The policy this page is the text of; null for others.'),
  current: informationVersionSummarySchema.nullable().describe('What members see now; null when nothing is.'),
  scheduled: z.array(informationVersionSummarySchema).describe('Soonest first.'),
  drafts: z.number().int(),
})
export type AdminInformationDocument = z.infer<typeof adminInformationDocumentSchema>

export const adminInformationListSchema = z.object({
  documents: z.array(adminInformationDocumentSchema).describe('Every page, in the members’ footer order.'),
})
export type AdminInformationList = z.infer<typeof adminInformationListSchema>

export const adminInformationPageSchema = z.object({
  page: z.enum(INFORMATION_PAGES),
  policy: informationPolicySchema.nullable().describe('For the two policies’ pages; null for others.'),
  current: informationVersionSummarySchema.nullable(),
  scheduled: z.array(informationVersionSummarySchema).describe('Soonest first.'),
  drafts: z.array(informationVersionSummarySchema).describe('The last changed first.'),
})
export type AdminInformationPage = z.infer<typeof adminInformationPageSchema>

export const adminInformationHistorySchema = z.object({
  items: z.array(informationVersionSummarySchema).describe('Published versions, the newest first.'),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type AdminInformationHistory = z.infer<typeof adminInformationHistorySchema>

export const informationRenderingSchema = z.object({
  blocks: z
    .array(blockSchema)
    .describe('The body as members’ pages get it (the members’ route’s own blocks).'),
  problems: z
    .array(markdownProblemSchema)
    .describe('What members’ pages cannot show as written; empty when none.'),
  characters: z.number().int(),
})
export type InformationRendering = z.infer<typeof informationRenderingSchema>

export const adminInformationVersionSchema = informationRenderingSchema.extend({
  page: z.enum(INFORMATION_PAGES),
  version: z.string(),
  title: z.string(),
  body: z.string().describe('The Markdown as stored.'),
  state: z.enum(INFORMATION_STATES),
  publishedAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  policy: informationPolicySchema.nullable(),
})
export type AdminInformationVersion = z.infer<typeof adminInformationVersionSchema>

export const adminInformationPublishedSchema = adminInformationVersionSchema.extend({
  askedAgain: z
    .number()
    .int()
    .nullable()
    .describe(
      'For a policy’s page: how many members who had agreed to the version in force are asked to agree again once this one is in force; null for other pages.',
    ),
})
export type AdminInformationPublished = z.infer<typeof adminInformationPublishedSchema>

const INFORMATION = '/admin/api/information'
const VERSION = `${INFORMATION}/:page/versions/:version`

/**
 * The console's routes for the information pages and policies. Every operator reads; editors and
 * admins write drafts, preview, publish and take a schedule back (`information.policy.ts` decides
 * the same again in the service).
 */
export const adminInformationApi = {
  adminInformation: route({
    method: 'GET',
    path: INFORMATION,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'Every information page: what members see now, what is scheduled, how many drafts.',
    response: wrapped(adminInformationListSchema),
  }),
  adminInformationPage: route({
    method: 'GET',
    path: `${INFORMATION}/:page`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A page’s current version, its scheduled versions and drafts, and for a policy its agreements.',
    params: informationPageParamsSchema,
    response: wrapped(adminInformationPageSchema),
  }),
  adminInformationHistory: route({
    method: 'GET',
    path: `${INFORMATION}/:page/history`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A page’s published versions, the newest first, a page at a time.',
    params: informationPageParamsSchema,
    query: informationHistoryQuerySchema,
    response: wrapped(adminInformationHistorySchema),
  }),
  adminInformationVersion: route({
    method: 'GET',
    path: VERSION,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'One version in any state: its Markdown and how members’ pages show it.',
    errors: ['INFORMATION_VERSION_NOT_FOUND'],
    params: informationVersionParamsSchema,
    response: wrapped(adminInformationVersionSchema),
  }),
  adminInformationPreview: route({
    method: 'POST',
    path: `${INFORMATION}/preview`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Renders Markdown as members’ pages would get it, with what they cannot show; stores nothing.',
    body: informationPreviewSchema,
    response: wrapped(informationRenderingSchema),
  }),
  adminInformationDraftCreate: route({
    method: 'POST',
    path: `${INFORMATION}/:page/versions`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Writes a new version of a page as a draft, which members do not see.',
    description: `A draft may hold Markdown members’ pages cannot show (its \`problems\` say what); publishing refuses it. INFORMATION_VERSION_TAKEN when the page has a version of this label; INFORMATION_DRAFTS_FULL when it holds ${INFORMATION_ADMIN_LIMITS.openVersionsMax} drafts and scheduled versions. ${AUDITED}`,
    errors: ['INFORMATION_VERSION_TAKEN', 'INFORMATION_DRAFTS_FULL'],
    params: informationPageParamsSchema,
    body: informationDraftCreateSchema,
    response: wrapped(adminInformationVersionSchema),
  }),
  adminInformationDraftChange: route({
    method: 'PUT',
    path: VERSION,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Changes the label, title or Markdown of a draft; the fields the body leaves out stay.',
    description: `INFORMATION_VERSION_PUBLISHED for a version published or scheduled: it never changes (take a schedule back first). ${AUDITED}`,
    errors: ['INFORMATION_VERSION_NOT_FOUND', 'INFORMATION_VERSION_PUBLISHED', 'INFORMATION_VERSION_TAKEN'],
    params: informationVersionParamsSchema,
    body: informationDraftChangeSchema,
    response: wrapped(adminInformationVersionSchema),
  }),
  adminInformationDraftDiscard: route({
    method: 'POST',
    path: `${VERSION}/discard`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Throws a draft away.',
    description: `INFORMATION_VERSION_PUBLISHED for a version published or scheduled. The audit log keeps what it held. ${AUDITED}`,
    errors: ['INFORMATION_VERSION_NOT_FOUND', 'INFORMATION_VERSION_PUBLISHED'],
    params: informationVersionParamsSchema,
    body: informationStepSchema,
    response: wrapped(adminInformationPageSchema),
  }),
  adminInformationPublish: route({
    method: 'POST',
    path: `${VERSION}/publish`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Publishes a draft (or a scheduled version) now, or schedules it for a time to come.',
    description: `A policy’s page publishes the policy’s version with it, in the same transaction: every member is asked to agree again once it is in force (\`askedAgain\` says how many had agreed to the version it replaces). INFORMATION_MARKDOWN_UNSUPPORTED when the body has problems or shows nothing; SCHEDULE_IN_PAST for a time that has passed; INFORMATION_VERSION_PUBLISHED for a version members see or saw. ${AUDITED}`,
    errors: [
      'INFORMATION_VERSION_NOT_FOUND',
      'INFORMATION_VERSION_PUBLISHED',
      'INFORMATION_MARKDOWN_UNSUPPORTED',
      'SCHEDULE_IN_PAST',
    ],
    params: informationVersionParamsSchema,
    body: informationPublishSchema,
    response: wrapped(adminInformationPublishedSchema),
  }),
  adminInformationUnschedule: route({
    method: 'POST',
    path: `${VERSION}/unschedule`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Takes a scheduled version back to a draft before its time (and its policy version with it).',
    description: `INFORMATION_NOT_SCHEDULED for a draft; INFORMATION_VERSION_PUBLISHED once its time has come. ${AUDITED}`,
    errors: ['INFORMATION_VERSION_NOT_FOUND', 'INFORMATION_NOT_SCHEDULED', 'INFORMATION_VERSION_PUBLISHED'],
    params: informationVersionParamsSchema,
    body: informationStepSchema,
    response: wrapped(adminInformationVersionSchema),
  }),
}
