import { BLOG_LIMITS, type BlogPost } from '@puribox/contract/blog'
import { formatJst, parseJst } from '@puribox/contract/time'
import { z } from 'zod'
import type { HttpFetch } from '../../ports/auth-service'
import { cutText, htmlToText } from './html-text'

/**
 * A client of PuriBox's blog, a WordPress-style REST API (`/wp-json/wp/v2/`): every category, and the
 * newest posts of one (100 per page, as the product always asked). What the blog sends is checked post by post; a post
 * that cannot be shown safely (no title, a link that is not http(s)) is left out, not the list.
 */
export interface BlogClient {
  categories(): Promise<BlogCategory[]>
  posts(categoryId: number): Promise<BlogPost[]>
}

export interface BlogCategory {
  id: number
  slug: string
}

/** The blog answered something other than the list asked for. */
export class BlogError extends Error {}

/** More than any blog's list of 100 posts needs; a bigger answer is refused unread. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024

const renderedSchema = z.object({ rendered: z.string().max(100_000) })
const categorySchema = z.object({ id: z.number().int().positive(), slug: z.string().max(200) })
const postSchema = z.object({
  id: z.number().int().positive(),
  date: z.string().max(40).optional(),
  date_gmt: z.string().max(40).optional(),
  link: z.string().max(2048),
  title: renderedSchema,
  excerpt: renderedSchema.optional(),
  _embedded: z
    .object({
      'wp:featuredmedia': z.array(z.looseObject({ source_url: z.string().max(2048).optional() })).optional(),
    })
    .optional(),
  jetpack_featured_media_url: z.string().max(2048).optional(),
})

const WORDPRESS_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/

/** When a post was published, in the wire format (Japan time); null when the blog does not say. */
function publishedAt(post: z.infer<typeof postSchema>): string | null {
  if (post.date_gmt && WORDPRESS_TIME.test(post.date_gmt)) {
    const instant = new Date(`${post.date_gmt}Z`)
    if (!Number.isNaN(instant.getTime())) return formatJst(instant)
  }
  // The site's own time, which for PuriBox's blog is Japan time.
  return post.date && parseJst(post.date) ? post.date : null
}

function httpUrl(value: string | undefined): URL | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

/** The excerpt as text, without WordPress's "read more" mark at its end. */
function excerptText(rendered: string | undefined): string {
  const text = htmlToText(rendered ?? '').replace(/\s*\[(?:\u2026|\.\.\.)\]\s*$/, '')
  return cutText(text, BLOG_LIMITS.excerptMax)
}

export function createWordPressClient(options: {
  /** The blog's address (BLOG_URL), without a trailing slash. */
  baseUrl: string
  fetch: HttpFetch
  /** How long a call to the blog may take before it is given up (the cache waits far less). */
  timeoutMs?: number
}): BlogClient {
  const { baseUrl, fetch } = options
  const timeoutMs = options.timeoutMs ?? 10_000
  const blogOrigin = new URL(baseUrl).origin

  async function getJson(path: string, query: Record<string, string>): Promise<unknown[]> {
    const url = `${baseUrl}/wp-json/wp/v2/${path}?${new URLSearchParams(query)}`
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new BlogError(`the blog answered ${response.status} to ${path}`)
    const length = Number(response.headers.get('content-length') ?? 0)
    if (length > MAX_ANSWER_BYTES) throw new BlogError(`the blog's answer to ${path} is too big`)
    const text = await response.text()
    if (text.length > MAX_ANSWER_BYTES) throw new BlogError(`the blog's answer to ${path} is too big`)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new BlogError(`the blog's answer to ${path} is not JSON`)
    }
    if (!Array.isArray(body)) throw new BlogError(`the blog's answer to ${path} is not a list`)
    return body
  }

  /** The post as PuriBox shows it, or null when it cannot be shown. */
  function toPost(raw: unknown): BlogPost | null {
    const parsed = postSchema.safeParse(raw)
    if (!parsed.success) return null
    const post = parsed.data
    const title = cutText(htmlToText(post.title.rendered), 200)
    const link = httpUrl(post.link)
    const date = publishedAt(post)
    if (!title || !link || !date) return null
    // Only pictures on the blog's own host: the site's Content-Security-Policy admits that one.
    const image = httpUrl(
      post._embedded?.['wp:featuredmedia']?.[0]?.source_url ?? post.jetpack_featured_media_url,
    )
    return {
      id: post.id,
      title,
      date,
      link: link.href,
      excerpt: excerptText(post.excerpt?.rendered),
      imageUrl: image && image.origin === blogOrigin ? image.href : null,
    }
  }

  return {
    async categories() {
      const body = await getJson('categories', { per_page: String(BLOG_LIMITS.fetchPerPage) })
      return body.flatMap((raw) => {
        const parsed = categorySchema.safeParse(raw)
        return parsed.success ? [parsed.data] : []
      })
    },

    async posts(categoryId) {
      const body = await getJson('posts', {
        categories: String(categoryId),
        per_page: String(BLOG_LIMITS.fetchPerPage),
        _embed: 'wp:featuredmedia',
      })
      return body.flatMap((raw) => toPost(raw) ?? [])
    },
  }
}
