import type { BlogPost } from '@puribox/contract/blog'
import { describe, expect, it } from 'vitest'
import type { BlogCategory, BlogClient } from './blog.client'
import { createBlogService } from './blog.service'

const post = (id: number): BlogPost => ({
  id,
  title: `post ${id}`,
  date: '2026-11-18T18:00:00',
  link: `https://blog.example.jp/${id}/`,
  excerpt: '',
  imageUrl: null,
})

/** A blog whose answers the test decides: how long they take, whether they fail, what they hold. */
function fakeBlog() {
  const state = {
    delayMs: 0,
    failing: false,
    categories: [{ id: 3, slug: 'tips' }] as BlogCategory[],
    posts: [post(1), post(2), post(3)],
    calls: [] as string[],
  }
  const answer = async <T>(name: string, value: () => T): Promise<T> => {
    state.calls.push(name)
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs))
    if (state.failing) throw new Error('the blog is down')
    return value()
  }
  const client: BlogClient = {
    categories: () => answer('categories', () => state.categories),
    posts: (id) => answer(`posts ${id}`, () => state.posts),
  }
  return { state, client }
}

function setUp(timings = { waitMs: 100, freshMs: 1000, retryMs: 500 }) {
  const blog = fakeBlog()
  let now = 0
  const errors: unknown[] = []
  const service = createBlogService({
    client: blog.client,
    now: () => now,
    timings,
    onError: (error) => errors.push(error),
  })
  return {
    ...blog,
    service,
    errors,
    advance: (ms: number) => {
      now += ms
    },
  }
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await work
  return { value, ms: performance.now() - start }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the blog as pages see it', () => {
  it('asks the blog once and then answers from what it keeps, the newest `count` posts', async () => {
    const { service, state } = setUp()
    expect((await service.posts('tips', 2)).map((p) => p.id)).toEqual([1, 2])
    expect((await service.posts('tips', 10)).map((p) => p.id)).toEqual([1, 2, 3])
    expect(state.calls).toEqual(['categories', 'posts 3'])
  })

  it('a category the blog does not have is empty, and costs no call of its own', async () => {
    const { service, state } = setUp()
    for (const slug of ['campaign', 'x'.repeat(64), 'tips-2'])
      expect(await service.posts(slug, 10)).toEqual([])
    expect(state.calls).toEqual(['categories'])
  })

  it('a slow blog with nothing kept: the request gives up after the wait, empty; the call still fills the cache', async () => {
    const { service, state } = setUp({ waitMs: 100, freshMs: 60_000, retryMs: 500 })
    state.delayMs = 400
    const first = await timed(service.posts('tips', 10))
    expect(first.value).toEqual([])
    expect(first.ms).toBeLessThan(300)
    await new Promise((resolve) => setTimeout(resolve, 900))
    const later = await timed(service.posts('tips', 10))
    expect(later.value.map((p) => p.id)).toEqual([1, 2, 3])
    expect(later.ms).toBeLessThan(50)
    // One call each, however many requests waited.
    expect(state.calls).toEqual(['categories', 'posts 3'])
  })

  it('a slow blog with something kept: the old answer at once, renewed in the background', async () => {
    const { service, state, advance } = setUp()
    await service.posts('tips', 10)
    state.posts = [post(9)]
    state.delayMs = 300
    advance(1001)
    const stale = await timed(service.posts('tips', 10))
    expect(stale.value.map((p) => p.id)).toEqual([1, 2, 3])
    expect(stale.ms).toBeLessThan(50)
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect((await service.posts('tips', 10)).map((p) => p.id)).toEqual([9])
  })

  it('a failing blog: the last good answer goes on being served, and the blog is asked again only after a pause', async () => {
    const { service, state, advance, errors } = setUp()
    await service.posts('tips', 10)
    state.failing = true
    advance(1001)
    expect((await service.posts('tips', 10)).map((p) => p.id)).toEqual([1, 2, 3])
    await settle()
    await settle()
    expect(errors.length).toBeGreaterThan(0)
    const callsAfterFailure = state.calls.length
    advance(100)
    expect((await service.posts('tips', 10)).map((p) => p.id)).toEqual([1, 2, 3])
    expect(state.calls.length).toBe(callsAfterFailure)
    advance(500)
    state.failing = false
    state.posts = [post(4)]
    await service.posts('tips', 10)
    await settle()
    await settle()
    expect((await service.posts('tips', 10)).map((p) => p.id)).toEqual([4])
  })

  it('a blog that never answered: empty lists, fast, whatever is asked', async () => {
    const { service, state } = setUp()
    state.failing = true
    for (const slug of ['tips', 'campaign']) {
      const { value, ms } = await timed(service.posts(slug, 10))
      expect(value).toEqual([])
      expect(ms).toBeLessThan(50)
    }
  })
})
