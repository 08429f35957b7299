import { z } from 'zod'
import { HELP_TOP_ID } from './help-ids'
import { sameOriginPath } from './safe-redirect'

/**
 * Help (`/web/common/help/top/{x}` and `/web/common/help/answer/{x}`), delivered as static
 * data (docs/guide/ground-rules.md): one JSON document, the same for everyone, fetched with a timestamp query
 * (decision 0039). The web app searches it in the browser.
 */

export const HELP_LIMITS = {
  idMax: 64,
  categories: 40,
  answersPerCategory: 60,
  blocks: 30,
  items: 20,
  textMax: 2000,
  titleMax: 200,
  keywords: 40,
  keywordMax: 50,
  related: 8,
  /** The timestamp query: any text this long at most (it only makes the address new). */
  timestampMax: 64,
} as const

/** A category's or an answer's id: lower-case letters and digits in words joined by hyphens. */
export const helpIdSchema = z
  .string()
  .max(HELP_LIMITS.idMax)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)

const line = (max: number) => z.string().min(1).max(max)

/** A path on this site that an answer links to; never another origin. */
export const helpHrefSchema = z
  .string()
  .max(300)
  .refine((value) => sameOriginPath(value) === value, 'a same-origin path')

/**
 * A piece of an answer, shown as it says: plain text only (no HTML, so an operator's edit can
 * never inject markup), links only to this site's pages.
 */
export const helpBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: line(HELP_LIMITS.textMax) }),
  /** Something to keep in mind (shown stressed). */
  z.object({ type: z.literal('note'), text: line(HELP_LIMITS.textMax) }),
  /** Numbered steps. */
  z.object({
    type: z.literal('steps'),
    items: z.array(line(HELP_LIMITS.textMax)).min(1).max(HELP_LIMITS.items),
  }),
  /** A list without order. */
  z.object({
    type: z.literal('list'),
    items: z.array(line(HELP_LIMITS.textMax)).min(1).max(HELP_LIMITS.items),
  }),
  /** A page of the site to go to, as a button. */
  z.object({ type: z.literal('link'), label: line(HELP_LIMITS.titleMax), href: helpHrefSchema }),
])
export type HelpBlock = z.infer<typeof helpBlockSchema>

export const helpAnswerSchema = z.object({
  id: helpIdSchema,
  question: line(HELP_LIMITS.titleMax),
  body: z.array(helpBlockSchema).min(1).max(HELP_LIMITS.blocks),
  /** Words people may search with that the text does not hold (readings, other words). Not shown. */
  keywords: z.array(line(HELP_LIMITS.keywordMax)).max(HELP_LIMITS.keywords),
  /** Answers to offer after this one, by id. */
  related: z.array(helpIdSchema).max(HELP_LIMITS.related),
  /** Listed on the help top among the frequently asked questions. */
  featured: z.boolean(),
})
export type HelpAnswer = z.infer<typeof helpAnswerSchema>

export const helpCategorySchema = z.object({
  id: helpIdSchema.refine((id) => id !== HELP_TOP_ID, `"${HELP_TOP_ID}" is the help top`),
  title: line(HELP_LIMITS.titleMax),
  /** One sentence under the title: what the category covers. */
  lead: line(HELP_LIMITS.textMax),
  answers: z.array(helpAnswerSchema).max(HELP_LIMITS.answersPerCategory),
})
export type HelpCategory = z.infer<typeof helpCategorySchema>

/** The whole help: categories in their order, each with its answers in theirs. */
export const helpDocumentSchema = z.object({
  /** When the help last changed, YYYY-MM-DDTHH:mm:ss Japan time (null while it is empty). */
  updatedAt: z.string().nullable(),
  categories: z.array(helpCategorySchema).max(HELP_LIMITS.categories),
})
export type HelpDocument = z.infer<typeof helpDocumentSchema>

export const helpDocumentQuerySchema = z.object({
  t: z
    .string()
    .max(HELP_LIMITS.timestampMax)
    .optional()
    .describe(
      'A timestamp the client chooses; it only makes the address new, so no cache answers an older copy',
    ),
})
