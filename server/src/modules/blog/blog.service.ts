import type { BlogPost } from '@puribox/contract/blog'
import type { BlogCategory, BlogClient } from './blog.client'

/**
 * What the server keeps of one answer of the blog: the last good one, when it came, whether a call
 * is under way, and when the last call failed.
 */
interface Kept<T> {
  value: T | undefined
  fetchedAt: number
  failedAt: number | null
  pending: Promise<void> | null
}

export interface BlogTimings {
  /** The longest a request waits for the blog when nothing is kept yet (about 1.5 s). */
  waitMs: number
  /** How long a kept answer is served without asking again. */
  freshMs: number
  /** After a failure, how long before the blog is asked again (the last good answer is served). */
  retryMs: number
}

export const BLOG_TIMINGS: BlogTimings = { waitMs: 1500, freshMs: 5 * 60_000, retryMs: 30_000 }

/**
 * The blog as pages see it (decision 0041): answered from what the server keeps, so a slow or
 * failing blog never slows a page. A kept answer is served as it is; once it is older than
 * `freshMs` it is still served while a call in the background renews it. Only when nothing is kept
 * yet does a request wait for the blog, `waitMs` at most (the call goes on, and fills the cache
 * for the next request); after that, or when the blog fails, the list is empty. One call at a
 * time per answer, however many requests want it.
 *
 * Categories are kept as one list of every category, so a category the blog does not have costs
 * nothing and cannot make the server call the blog (or keep anything) for made-up names.
 */
export function createBlogService(deps: {
  client: BlogClient
  /** Real time in milliseconds (never a session's time travel: this is about the blog's freshness). */
  now: () => number
  timings?: Partial<BlogTimings>
  onError?: (error: unknown) => void
}) {
  const { client, now } = deps
  const timings = { ...BLOG_TIMINGS, ...deps.timings }
  const newKept = <T>(): Kept<T> => ({ value: undefined, fetchedAt: 0, failedAt: null, pending: null })
  const categories = newKept<BlogCategory[]>()
  const postsByCategory = new Map<number, Kept<BlogPost[]>>()

  function renew<T>(kept: Kept<T>, load: () => Promise<T>): void {
    const time = now()
    if (kept.value !== undefined && time - kept.fetchedAt < timings.freshMs) return
    if (kept.pending || (kept.failedAt !== null && time - kept.failedAt < timings.retryMs)) return
    kept.pending = load()
      .then(
        (value) => {
          kept.value = value
          kept.fetchedAt = now()
          kept.failedAt = null
        },
        (error: unknown) => {
          kept.failedAt = now()
          deps.onError?.(error)
        },
      )
      .finally(() => {
        kept.pending = null
      })
  }

  /** The kept value (renewed in the background when old), or, with none kept, the call's until `deadline`. */
  async function read<T>(kept: Kept<T>, load: () => Promise<T>, deadline: () => Promise<void>) {
    renew(kept, load)
    if (kept.value === undefined && kept.pending) await Promise.race([kept.pending, deadline()])
    return kept.value
  }

  return {
    /** The newest `count` posts of the category with this slug; empty when there are none to show. */
    async posts(slug: string, count: number): Promise<BlogPost[]> {
      // One deadline for the whole request, made only when it has to wait.
      let timer: NodeJS.Timeout | undefined
      let waited: Promise<void> | undefined
      const deadline = () => {
        waited ??= new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timings.waitMs)
        })
        return waited
      }
      try {
        const categoryOf = () => categories.value?.find((c) => c.slug === slug)
        const keptFor = (id: number) => {
          let kept = postsByCategory.get(id)
          if (!kept) {
            kept = newKept<BlogPost[]>()
            postsByCategory.set(id, kept)
          }
          return kept
        }
        const loadPosts = (id: number) => () => client.posts(id)
        renew(categories, () => client.categories())
        if (categories.value === undefined && categories.pending) {
          // The posts are asked for as soon as the categories arrive, whether this request still waits
          // or not: the next request finds them.
          const thenPosts = categories.pending.then(() => {
            const category = categoryOf()
            if (category) renew(keptFor(category.id), loadPosts(category.id))
          })
          await Promise.race([thenPosts, deadline()])
        }
        const category = categoryOf()
        if (!category) return []
        const posts = await read(keptFor(category.id), loadPosts(category.id), deadline)
        return (posts ?? []).slice(0, count)
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

export type BlogService = ReturnType<typeof createBlogService>
