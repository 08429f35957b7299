import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'

const SANDBOX = 'http://localhost:3000/_sandbox/blog'

describe('blog posts, from the sandbox blog', () => {
  const ctx = useTestApp()

  function posts(query: string) {
    return ctx().app.inject({ url: `/sp/2/blog/posts?${query}` })
  }

  async function timed(query: string) {
    const start = performance.now()
    const response = await posts(query)
    return { response, ms: performance.now() - start }
  }

  it('answers the newest posts of a category as plain text, with their links and pictures', async () => {
    const response = await posts('category=tips')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=60')
    const { posts: list } = response.json().entity
    expect(list).toHaveLength(3)
    expect(list[0]).toEqual({
      id: expect.any(Number),
      title: 'ふたりで撮るなら試したい、かわいいポーズ5選',
      date: '2026-11-18T18:00:00',
      link: `${SANDBOX}/pose-ideas-for-two/`,
      excerpt: expect.stringMatching(/^ハートを作る、背中合わせ/),
      imageUrl: `${SANDBOX}/media/${list[0].id}.svg`,
    })
    expect(list.map((p: { date: string }) => p.date)).toEqual(
      [...list.map((p: { date: string }) => p.date)].sort().reverse(),
    )
    for (const post of list) expect([...post.excerpt].length).toBeLessThanOrEqual(120)
    const two = await posts('category=campaign&count=2')
    expect(two.json().entity.posts).toHaveLength(2)
    // Every link of a post opens a page of the sandbox.
    for (const post of list) {
      const page = await ctx().app.inject({ url: new URL(post.link).pathname })
      expect(page.statusCode, post.link).toBe(200)
      expect(page.body).toContain(post.title)
    }
  })

  it('an unknown category has no posts; a malformed one, or an odd count, is VALIDATION_FAILED', async () => {
    expect((await posts('category=unknown')).json().entity).toEqual({ posts: [] })
    for (const query of [
      '',
      'category=',
      'category=Tips',
      'category=../wp-json',
      'category=%E3%81%82',
      `category=${'x'.repeat(65)}`,
      'category=tips&count=0',
      'category=tips&count=101',
      'category=tips&count=abc',
      'category=tips&count=1e9',
      'category=tips&category=campaign',
    ]) {
      const response = await posts(query)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().error.code, query).toBe('VALIDATION_FAILED')
    }
  })

  it('a slow blog never slows the page: empty after about 1.5 s, then the posts once they came', async () => {
    ctx().app.sandboxBlog!.setLatency(1800)
    const first = await timed('category=tips')
    expect(first.response.json().entity).toEqual({ posts: [] })
    expect(first.ms).toBeLessThan(1900)
    expect(first.response.headers['cache-control']).toBe('public, max-age=10')
    // The categories come at 1.8 s, the posts 1.8 s later.
    await new Promise((resolve) => setTimeout(resolve, 2400))
    const later = await timed('category=tips')
    expect(later.response.json().entity.posts).toHaveLength(3)
    expect(later.ms).toBeLessThan(200)
  })

  it('a failing blog: the kept posts go on being served; one that never answered gives empty lists at once', async () => {
    ctx().app.sandboxBlog!.setFailing(true)
    const never = await timed('category=tips')
    expect(never.response.statusCode).toBe(200)
    expect(never.response.json().entity).toEqual({ posts: [] })
    expect(never.ms).toBeLessThan(500)

    ctx().app.sandboxBlog!.setFailing(false)
    ctx().clock.advance(60_000)
    await posts('category=tips')
    expect((await posts('category=tips')).json().entity.posts).toHaveLength(3)
    ctx().app.sandboxBlog!.setFailing(true)
    ctx().clock.advance(10 * 60_000)
    for (let i = 0; i < 3; i += 1) {
      const kept = await timed('category=tips')
      expect(kept.response.json().entity.posts).toHaveLength(3)
      expect(kept.ms).toBeLessThan(200)
    }
  })

  it('asks the blog once for many requests, and never for a made-up category', async () => {
    const calls = () => ctx().app.sandboxBlog!.apiCalls
    await Promise.all(Array.from({ length: 10 }, () => posts('category=tips')))
    expect(calls()).toBe(2)
    for (let i = 0; i < 20; i += 1) await posts(`category=made-up-${i}`)
    expect(calls()).toBe(2)
  })
})
