import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { SANDBOX_BLOG_PATH } from '../../config'
import { fill } from '../../locales/fill'
import text from '../../locales/ja/sandbox-blog.json' with { type: 'json' }
import { hueOf, puriSvg } from '../../modules/booth/puri-drawing'
import { escapeHtml, sandboxLayout, serveSandboxStylesheet } from '../sandbox-page'

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox blog, outside production: tests make it slow or failing. */
    sandboxBlog?: SandboxBlogControls
  }
}

export interface SandboxBlogControls {
  /** Every call of its REST API waits this long before answering (0: at once). */
  setLatency(ms: number): void
  /** Every call of its REST API answers 503 while on. */
  setFailing(failing: boolean): void
  /** How many calls its REST API has had (tests check what the cache saves the blog). */
  readonly apiCalls: number
}

type CategorySlug = keyof typeof text.categories

/** WordPress numbers categories from 1 (Uncategorized); these follow it. */
const CATEGORY_IDS: Record<CategorySlug, number> = { tips: 3, 'new-machines': 4, campaign: 5 }
const PICTURE_COLOURS: Record<CategorySlug, [string, string]> = {
  tips: ['#ffb3d1', '#ffe3a3'],
  'new-machines': ['#a8c7ff', '#d9b8ff'],
  campaign: ['#9be3c7', '#fff0a6'],
}

const STYLESHEET = `${SANDBOX_BLOG_PATH}/style.css`
const STYLE =
  ':root{--brand:#c2006b}article{background:#fff;border-radius:12px;padding:14px;margin:0 0 14px}' +
  'article img{display:block;width:100%;height:auto;border-radius:8px}.date{color:#57606a;font-size:.85rem;margin:8px 0 0}' +
  'ul.posts{list-style:none;margin:0;padding:0}ul.posts li{margin:0 0 10px}ul.posts a{color:#0550ae}' +
  'nav a{display:inline-block;min-height:44px;line-height:44px;margin-right:16px;color:#0550ae}'

const apiQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).default(1),
})
const postsQuerySchema = apiQuerySchema.extend({
  categories: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
  _embed: z.string().optional(),
})
const categoriesQuerySchema = apiQuerySchema.extend({ slug: z.string().optional() })

/** Japan time (`2026-11-18T18:00:00`) as WordPress's GMT field writes it. */
function gmtOf(japanTime: string): string {
  return new Date(`${japanTime}+09:00`).toISOString().slice(0, 19)
}

function picture(slug: CategorySlug, id: number): string {
  // Friends at the booth, drawn as the booth simulator draws a play, in the category's colour.
  return puriSvg({
    number: id,
    width: 640,
    height: 360,
    seed: id * 13,
    numbered: false,
    hue: hueOf(PICTURE_COLOURS[slug][1]),
  })
}

/**
 * The development stand-in for PuriBox's blog (docs/guide/ground-rules.md, decision 0041) under /_sandbox/blog: the
 * part of WordPress's REST API the blog client uses (`/wp-json/wp/v2/categories` and `/posts`, with
 * `per_page`, `page`, `categories` and `_embed`), each post's page, an index, and the posts'
 * pictures. The sample posts are in `locales/ja/sandbox-blog.json`. Never mounted in production.
 */
export async function mountSandboxBlog(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const base = SANDBOX_BLOG_PATH
  const siteUrl = `${options.publicUrl}${base}`
  let latencyMs = 0
  let failing = false
  let apiCalls = 0
  const posts = text.posts
    .map((post, index) => ({ ...post, id: index + 1, category: post.category as CategorySlug }))
    .sort((a, b) => b.date.localeCompare(a.date))

  app.decorate('sandboxBlog', {
    setLatency(ms: number) {
      latencyMs = ms
    },
    setFailing(value: boolean) {
      failing = value
    },
    get apiCalls() {
      return apiCalls
    },
  } satisfies SandboxBlogControls)

  /** WordPress's error answer. */
  const wpError = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.status(status).send({ code, message, data: { status } })

  /** Waits, or fails, as the tests asked; false when it answered already. */
  async function behave(reply: FastifyReply): Promise<boolean> {
    apiCalls += 1
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs).unref())
    if (failing) {
      wpError(reply, 503, 'sandbox_unavailable', 'the sandbox blog is failing on purpose')
      return false
    }
    return true
  }

  const page = <T>(reply: FastifyReply, items: T[], perPage: number, pageNumber: number) =>
    reply
      .header('x-wp-total', String(items.length))
      .header('x-wp-totalpages', String(Math.max(1, Math.ceil(items.length / perPage))))
      .send(items.slice((pageNumber - 1) * perPage, pageNumber * perPage))

  app.get(`${base}/wp-json/wp/v2/categories`, { schema: { hide: true } }, async (request, reply) => {
    const query = categoriesQuerySchema.safeParse(request.query)
    if (!query.success) return wpError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s)')
    if (!(await behave(reply))) return reply
    const all = (Object.keys(CATEGORY_IDS) as CategorySlug[]).map((slug) => ({
      id: CATEGORY_IDS[slug],
      count: posts.filter((post) => post.category === slug).length,
      link: `${siteUrl}/category/${slug}/`,
      name: text.categories[slug],
      slug,
      taxonomy: 'category',
    }))
    const found = query.data.slug ? all.filter((c) => c.slug === query.data.slug) : all
    return page(reply, found, query.data.per_page, query.data.page)
  })

  app.get(`${base}/wp-json/wp/v2/posts`, { schema: { hide: true } }, async (request, reply) => {
    const query = postsQuerySchema.safeParse(request.query)
    if (!query.success) return wpError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s)')
    if (!(await behave(reply))) return reply
    const wanted = query.data.categories?.split(',').map(Number)
    const embed = query.data._embed !== undefined
    const found = posts
      .filter((post) => !wanted || wanted.includes(CATEGORY_IDS[post.category]))
      .map((post) => {
        const media = `${siteUrl}/media/${post.id}.svg`
        return {
          id: post.id,
          date: post.date,
          date_gmt: gmtOf(post.date),
          slug: post.slug,
          status: 'publish',
          type: 'post',
          link: `${siteUrl}/${post.slug}/`,
          title: { rendered: escapeHtml(post.title) },
          content: { rendered: post.body.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'), protected: false },
          excerpt: { rendered: `<p>${escapeHtml(post.excerpt)} [&hellip;]</p>\n`, protected: false },
          featured_media: post.id,
          categories: [CATEGORY_IDS[post.category]],
          ...(embed
            ? { _embedded: { 'wp:featuredmedia': [{ id: post.id, media_type: 'image', source_url: media }] } }
            : {}),
        }
      })
    return page(reply, found, query.data.per_page, query.data.page)
  })

  app.get<{ Params: { name: string } }>(
    `${base}/media/:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const post = posts.find((p) => `${p.id}.svg` === request.params.name)
      if (!post) return reply.status(404).type('text/plain').send('not found')
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=3600')
        .send(picture(post.category, post.id))
    },
  )

  serveSandboxStylesheet(app, STYLESHEET, STYLE)
  const html = (reply: FastifyReply, title: string, body: string, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        sandboxLayout(title, `<p class="badge">${escapeHtml(text.badge)}</p>${body}`, {
          stylesheet: STYLESHEET,
        }),
      )
  const dated = (post: (typeof posts)[number]) =>
    fill(text.dateAndCategory, { date: post.date.slice(0, 10), category: text.categories[post.category] })
  const nav = `<nav><a href="${base}/">${escapeHtml(text.backToList)}</a><a href="/sp/top/menu">${escapeHtml(text.toTop)}</a></nav>`

  app.get(`${base}/`, { schema: { hide: true } }, async (_request, reply) => {
    const items = posts
      .map(
        (post) =>
          `<li><a href="${base}/${escapeHtml(post.slug)}/">${escapeHtml(post.title)}</a> <span class="date">${escapeHtml(dated(post))}</span></li>`,
      )
      .join('')
    return html(
      reply,
      text.title,
      `<h1>${escapeHtml(text.title)}</h1><p class="lead">${escapeHtml(text.lead)}</p><ul class="posts">${items}</ul>`,
    )
  })

  app.get<{ Params: { slug: string } }>(
    `${base}/:slug`,
    { schema: { hide: true } },
    async (request, reply) => {
      const post = posts.find((p) => p.slug === request.params.slug)
      if (!post) return html(reply, text.title, `<p>${escapeHtml(text.notFound)}</p>${nav}`, 404)
      const body = post.body.map((p) => `<p>${escapeHtml(p)}</p>`).join('')
      return html(
        reply,
        `${post.title} | ${text.title}`,
        `<article><img src="${base}/media/${post.id}.svg" alt="" width="640" height="360"><h1>${escapeHtml(post.title)}</h1><p class="date">${escapeHtml(dated(post))}</p>${body}</article>${nav}`,
      )
    },
  )
}
