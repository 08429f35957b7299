import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'

const BASE = '/_sandbox/blog'
const HTML = { accept: 'text/html' }

describe('the sandbox blog', () => {
  const ctx = useTestApp()
  const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ url, headers })

  it("speaks WordPress's REST API: categories, and posts by category with pages and embedded pictures", async () => {
    const categories = await get(`${BASE}/wp-json/wp/v2/categories?per_page=100`)
    expect(categories.statusCode).toBe(200)
    expect(categories.json().map((c: { slug: string }) => c.slug)).toEqual([
      'tips',
      'new-machines',
      'campaign',
    ])
    const tips = categories.json()[0]
    expect((await get(`${BASE}/wp-json/wp/v2/categories?slug=campaign`)).json()).toHaveLength(1)

    const posts = await get(
      `${BASE}/wp-json/wp/v2/posts?categories=${tips.id}&per_page=2&_embed=wp:featuredmedia`,
    )
    expect(posts.statusCode).toBe(200)
    expect(posts.headers['x-wp-total']).toBe('3')
    expect(posts.headers['x-wp-totalpages']).toBe('2')
    const [first] = posts.json()
    expect(first).toMatchObject({
      date: '2026-11-18T18:00:00',
      date_gmt: '2026-11-18T09:00:00',
      link: 'http://localhost:3000/_sandbox/blog/pose-ideas-for-two/',
      title: { rendered: 'ふたりで撮るなら試したい、かわいいポーズ5選' },
      categories: [tips.id],
    })
    expect(first.excerpt.rendered).toMatch(/\[&hellip;\]<\/p>\n$/)
    expect(first._embedded['wp:featuredmedia'][0].source_url).toBe(
      `http://localhost:3000${BASE}/media/${first.id}.svg`,
    )
    const second = await get(`${BASE}/wp-json/wp/v2/posts?categories=${tips.id}&per_page=2&page=2`)
    expect(second.json()).toHaveLength(1)
    expect(second.json()[0]._embedded).toBeUndefined()
    expect((await get(`${BASE}/wp-json/wp/v2/posts?per_page=100`)).json()).toHaveLength(9)
    expect((await get(`${BASE}/wp-json/wp/v2/posts?categories=999`)).json()).toEqual([])
  })

  it('refuses what WordPress refuses, the way it does', async () => {
    for (const query of ['per_page=101', 'per_page=0', 'page=0', 'categories=tips']) {
      const response = await get(`${BASE}/wp-json/wp/v2/posts?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } })
    }
  })

  it('serves each post as a page, an index, and the pictures', async () => {
    const index = await get(`${BASE}/`, HTML)
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toMatch(/^text\/html/)
    expect(index.body).toContain('冬限定フレーム、12月1日から配信します')
    const page = await get(`${BASE}/milky-girl-arrives/`, HTML)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('新しいプリ機「ミルキーガール」が全国のお店に登場')
    expect(page.body).toContain('href="/sp/top/menu"')
    expect(page.body).not.toMatch(/<script|\sstyle=/)
    expect((await get(`${BASE}/no-such-post/`, HTML)).statusCode).toBe(404)
    const picture = await get(`${BASE}/media/1.svg`)
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(picture.body).not.toMatch(/<script/)
    expect((await get(`${BASE}/media/99.svg`)).statusCode).toBe(404)
    expect((await get(`${BASE}/style.css`)).headers['content-type']).toMatch(/^text\/css/)
  })
})

describe('the sandbox blog in production', () => {
  const ctx = useTestApp({ production: true, blogUrl: 'https://blog.example.jp' })

  it('is not there', async () => {
    for (const url of [`${BASE}/`, `${BASE}/wp-json/wp/v2/posts`, `${BASE}/media/1.svg`]) {
      expect((await ctx().app.inject({ url })).statusCode, url).toBe(404)
    }
  })
})
