import { z } from 'zod'
import { wrapped } from './wrapper'

/**
 * The blog (decision 0041): posts of a category of PuriBox's blog, a
 * WordPress-style site, read by the server and answered from its cache so that a slow or failing
 * blog never slows a page.
 */

export const BLOG_LIMITS = {
  /** Posts asked of the blog per category (100 per page, as the product always asked). */
  fetchPerPage: 100,
  /** Posts the API answers at most. */
  countMax: 100,
  slugMax: 64,
  /** The excerpt is cut to this many characters (an ellipsis ends a cut one). */
  excerptMax: 120,
} as const

/** A category by its slug (`tips`, `new-machines`, `campaign`); an unknown one has no posts. */
export const blogPostsQuerySchema = z.object({
  category: z
    .string()
    .min(1)
    .max(BLOG_LIMITS.slugMax)
    .regex(/^[a-z0-9][a-z0-9_-]*$/),
  count: z.coerce.number().int().min(1).max(BLOG_LIMITS.countMax).default(10),
})

export const blogPostSchema = z.object({
  id: z.number().int(),
  title: z.string().describe('Plain text'),
  date: z.string().describe('When it was published, YYYY-MM-DDTHH:mm:ss, Japan time'),
  link: z.string().describe('The post on the blog (an http(s) URL)'),
  excerpt: z.string().describe('Plain text, at most 120 characters'),
  imageUrl: z.string().nullable().describe("The post's picture, or null"),
})
export type BlogPost = z.infer<typeof blogPostSchema>

export const blogPostsSchema = z.object({ posts: z.array(blogPostSchema) })
export const blogPostsResponse = wrapped(blogPostsSchema)
