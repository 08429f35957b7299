import { z } from 'zod'
import { NEWS_CATEGORIES } from './news-pages'
import { wrapped } from './wrapper'

// News categories (decision 0040) are listed in `news-pages.ts`, which the web reads without zod:
// `important` (service changes, maintenance, anything people must not miss), `campaign` (campaigns
// and new booth frames), `info` (everything else).

export const NEWS_LIMITS = {
  /** The most items one answer holds (the newest of the highest priority first). */
  countMax: 50,
  categoryNameMax: 32,
  titleMax: 80,
  bodyMax: 2000,
  linkLabelMax: 40,
  linkUrlMax: 500,
  /** priorityLevel: 0 (ordinary) to 9 (top); higher comes first. */
  priorityMax: 9,
} as const

/**
 * `GET /sp/2/news/self/info?newsCategoryName=&count=`: the news published now. Without a category
 * (or with an empty one), every category. A name of letters, digits, `_` and `-` that is no category
 * is an empty list; anything else is VALIDATION_FAILED.
 */
export const newsQuerySchema = z.object({
  newsCategoryName: z
    .string()
    .max(NEWS_LIMITS.categoryNameMax)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional()
    .describe(`One of ${NEWS_CATEGORIES.join(', ')}; absent or empty for every category.`),
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(NEWS_LIMITS.countMax)
    .default(NEWS_LIMITS.countMax)
    .describe('How many items at most (the first ones of the order).'),
})

export const newsLinkSchema = z.object({
  label: z.string(),
  /** An `https:` address or a path of this site. */
  url: z.string(),
})

/** A news item (the product's fields), with whether the caller has read it (an addition: false for guests). */
export const newsItemSchema = z.object({
  id: z.string(),
  newsCategoryName: z.enum(NEWS_CATEGORIES),
  createdAt: z.string().describe('When the item was published, YYYY-MM-DDTHH:mm:ss Japan time.'),
  title: z.string(),
  body: z.string().describe('Plain text (not HTML); line breaks are \\n.'),
  link: newsLinkSchema.nullable(),
  priorityLevel: z.number().int().min(0).max(NEWS_LIMITS.priorityMax),
  read: z
    .boolean()
    .describe(
      'Whether the signed-in member has opened it; always false for guests (their browser remembers).',
    ),
})
export type NewsItem = z.infer<typeof newsItemSchema>

export const newsListSchema = z.object({ entry: z.array(newsItemSchema) })
export type NewsList = z.infer<typeof newsListSchema>
export const newsResponse = wrapped(newsListSchema)

/** `POST /sp/2/news/:id/read`: the member has opened this item. */
export const newsReadParamsSchema = z.object({ id: z.string().max(64) })
export const newsReadSchema = z.object({ id: z.string(), read: z.literal(true) })
export const newsReadResponse = wrapped(newsReadSchema)
