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
import { NEWS_LIMITS } from './news'
import { NEWS_CATEGORIES } from './news-pages'
import { EDITORS, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * News in the operators' console. An item is written as a draft, then scheduled (published at a
 * time to come) or published now, and may be withdrawn. Its state follows from its times:
 * - `draft`: no publication time yet; members never see it;
 * - `scheduled`: its publication time is to come; members see it from that time on, with no job;
 * - `published`: members see it now;
 * - `ended`: its end (`publishUntil`) has passed;
 * - `withdrawn`: an operator took it back; members no longer see it.
 */

export const NEWS_STATES = ['draft', 'scheduled', 'published', 'ended', 'withdrawn'] as const
export type NewsState = (typeof NEWS_STATES)[number]

const linkSchema = z
  .object({
    label: oneLine(NEWS_LIMITS.linkLabelMax),
    url: oneLine(NEWS_LIMITS.linkUrlMax).describe('A path of this site or an `https:` address.'),
  })
  .nullable()

const contentFields = {
  category: z.enum(NEWS_CATEGORIES),
  title: oneLine(NEWS_LIMITS.titleMax),
  body: lines(NEWS_LIMITS.bodyMax).describe('Plain text; line breaks are \\n.'),
  link: linkSchema,
  priorityLevel: z.number().int().min(0).max(NEWS_LIMITS.priorityMax).describe('0 to 9: higher comes first.'),
  publishUntil: instantInputSchema.nullable().describe('When members stop seeing it; null: no end.'),
}

export const newsDraftCreateSchema = z.object({
  category: contentFields.category,
  title: contentFields.title,
  body: contentFields.body,
  link: contentFields.link.optional().describe('None when absent.'),
  priorityLevel: contentFields.priorityLevel.optional().describe('0 when absent.'),
  publishUntil: contentFields.publishUntil.optional(),
  reason: reasonSchema,
})
export type NewsDraftCreate = z.infer<typeof newsDraftCreateSchema>

export const newsChangeSchema = z.object({ ...contentFields, reason: reasonSchema }).partial()
export type NewsChange = z.infer<typeof newsChangeSchema>

export const newsScheduleSchema = z.object({
  publishAt: instantInputSchema.describe('When members start to see it: a time to come.'),
  reason: reasonSchema,
})
export type NewsSchedule = z.infer<typeof newsScheduleSchema>

export const newsStepSchema = z.object({ reason: reasonSchema })
export type NewsStep = z.infer<typeof newsStepSchema>

export const newsListQuerySchema = z.object({
  state: z.enum(NEWS_STATES).optional().describe('Only the items in this state now.'),
  after: z
    .uuid()
    .optional()
    .describe('`next` of the previous page: the page after it. Absent: the first page.'),
  limit: pageSizeSchema,
})
export type NewsListQuery = z.infer<typeof newsListQuerySchema>

export const adminNewsItemSchema = z.object({
  id: z.string(),
  state: z.enum(NEWS_STATES),
  category: z.enum(NEWS_CATEGORIES),
  title: z.string(),
  body: z.string(),
  link: z.object({ label: z.string(), url: z.string() }).nullable(),
  priorityLevel: z.number().int(),
  publishAt: instantSchema.nullable().describe('Null while it is a draft.'),
  publishUntil: instantSchema.nullable(),
  withdrawnAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
})
export type AdminNewsItem = z.infer<typeof adminNewsItemSchema>

export const adminNewsPageSchema = z.object({
  items: z.array(adminNewsItemSchema).describe('The newest written first.'),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type AdminNewsPage = z.infer<typeof adminNewsPageSchema>

export const newsParamsSchema = z.object({ newsId: z.uuid() })

const NEWS = '/admin/api/news'

/**
 * The console's routes for news. Every operator reads; editors and admins write, schedule, publish
 * and withdraw (`news.policy.ts` decides the same again in the service).
 */
export const adminNewsApi = {
  adminNews: route({
    method: 'GET',
    path: NEWS,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A page of news items, the newest written first, of one state or all.',
    query: newsListQuerySchema,
    response: wrapped(adminNewsPageSchema),
  }),
  adminNewsItem: route({
    method: 'GET',
    path: `${NEWS}/:newsId`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'One news item, in whatever state.',
    errors: ['NEWS_NOT_FOUND'],
    params: newsParamsSchema,
    response: wrapped(adminNewsItemSchema),
  }),
  adminNewsCreate: route({
    method: 'POST',
    path: NEWS,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Writes a news item as a draft, which members do not see.',
    description: `The link goes to a path of this site or an https: address (VALIDATION_FAILED otherwise). ${AUDITED}`,
    body: newsDraftCreateSchema,
    response: wrapped(adminNewsItemSchema),
  }),
  adminNewsChange: route({
    method: 'PUT',
    path: `${NEWS}/:newsId`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Changes the fields of a news item the body names, in any state; the others stay.',
    description: `A published item shows the change to members at once. ${AUDITED}`,
    errors: ['NEWS_NOT_FOUND'],
    params: newsParamsSchema,
    body: newsChangeSchema,
    response: wrapped(adminNewsItemSchema),
  }),
  adminNewsSchedule: route({
    method: 'POST',
    path: `${NEWS}/:newsId/schedule`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Schedules a draft, scheduled or withdrawn item to be published at a time to come.',
    description: `SCHEDULE_IN_PAST for a time that has passed; NEWS_STATE_CONFLICT for an item members see or saw until its end. ${AUDITED}`,
    errors: ['NEWS_NOT_FOUND', 'NEWS_STATE_CONFLICT', 'SCHEDULE_IN_PAST'],
    params: newsParamsSchema,
    body: newsScheduleSchema,
    response: wrapped(adminNewsItemSchema),
  }),
  adminNewsPublish: route({
    method: 'POST',
    path: `${NEWS}/:newsId/publish`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Publishes a draft, scheduled or withdrawn item now.',
    description: `NEWS_STATE_CONFLICT for an item members see or saw until its end. ${AUDITED}`,
    errors: ['NEWS_NOT_FOUND', 'NEWS_STATE_CONFLICT'],
    params: newsParamsSchema,
    body: newsStepSchema,
    response: wrapped(adminNewsItemSchema),
  }),
  adminNewsWithdraw: route({
    method: 'POST',
    path: `${NEWS}/:newsId/withdraw`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Withdraws a scheduled, published or ended item: members no longer see it.',
    description: `NEWS_STATE_CONFLICT for a draft or an item already withdrawn. ${AUDITED}`,
    errors: ['NEWS_NOT_FOUND', 'NEWS_STATE_CONFLICT'],
    params: newsParamsSchema,
    body: newsStepSchema,
    response: wrapped(adminNewsItemSchema),
  }),
}
