import { describe, expect, it } from 'vitest'
import type { HttpFetch } from '../../ports/auth-service'
import { BlogError, createWordPressClient } from './blog.client'

const BLOG = 'https://blog.example.jp'

/** A fetch answering `body` (as JSON unless a string) to every call, recording the URLs asked. */
function fakeBlog(body: unknown, init: ResponseInit = {}) {
  const urls: string[] = []
  const fetch: HttpFetch = async (url) => {
    urls.push(url)
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
      ...init,
    })
  }
  return { urls, client: createWordPressClient({ baseUrl: BLOG, fetch }) }
}

const post = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  date: '2026-11-18T18:00:00',
  date_gmt: '2026-11-18T09:00:00',
  link: `${BLOG}/pose-ideas/`,
  title: { rendered: 'ふたりで撮る&#8230;ポーズ' },
  excerpt: { rendered: '<p>ハートを作る、背中合わせ。 [&hellip;]</p>\n' },
  _embedded: { 'wp:featuredmedia': [{ source_url: `${BLOG}/media/7.jpg` }] },
  ...overrides,
})

describe('the WordPress client', () => {
  it('asks for 100 posts of a category with their pictures, and reads them as plain text in Japan time', async () => {
    const { urls, client } = fakeBlog([post()])
    expect(await client.posts(4)).toEqual([
      {
        id: 7,
        title: 'ふたりで撮る…ポーズ',
        date: '2026-11-18T18:00:00',
        link: `${BLOG}/pose-ideas/`,
        excerpt: 'ハートを作る、背中合わせ。',
        imageUrl: `${BLOG}/media/7.jpg`,
      },
    ])
    expect(urls).toEqual([`${BLOG}/wp-json/wp/v2/posts?categories=4&per_page=100&_embed=wp%3Afeaturedmedia`])
  })

  it('asks for every category at once', async () => {
    const { urls, client } = fakeBlog([
      { id: 3, slug: 'tips', name: 'x' },
      { id: 'bad' },
      { id: 4, slug: 'campaign' },
    ])
    expect(await client.categories()).toEqual([
      { id: 3, slug: 'tips' },
      { id: 4, slug: 'campaign' },
    ])
    expect(urls).toEqual([`${BLOG}/wp-json/wp/v2/categories?per_page=100`])
  })

  it('leaves out a post it cannot show safely, and a picture from another host, keeping the rest', async () => {
    const { client } = fakeBlog([
      post({ id: 1, link: 'javascript:alert(1)' }),
      post({ id: 2, title: { rendered: '<script>x</script>' } }),
      post({ id: 3, date: 'yesterday', date_gmt: undefined }),
      post({ id: 4, _embedded: { 'wp:featuredmedia': [{ source_url: 'https://tracker.example/p.gif' }] } }),
      post({ id: 5, _embedded: undefined, jetpack_featured_media_url: `${BLOG}/media/5.png` }),
      post({ id: 6, date_gmt: undefined }),
      post({ id: 8, excerpt: { rendered: `<p>${'あ'.repeat(200)}</p>` } }),
      { id: 9 },
      'not a post',
      null,
    ])
    const posts = await client.posts(1)
    expect(posts.map((p) => p.id)).toEqual([4, 5, 6, 8])
    expect(posts[0]!.imageUrl).toBeNull()
    expect(posts[1]!.imageUrl).toBe(`${BLOG}/media/5.png`)
    // Without the GMT time, the site's own (Japan) time.
    expect(posts[2]!.date).toBe('2026-11-18T18:00:00')
    expect([...posts[3]!.excerpt]).toHaveLength(120)
    expect(posts[3]!.excerpt.endsWith('…')).toBe(true)
  })

  it('fails with BlogError when the blog answers an error, not JSON, not a list, or too much', async () => {
    for (const [body, init] of [
      [{ code: 'rest_invalid_param' }, { status: 400 }],
      ['<html>maintenance</html>', {}],
      [{ posts: [] }, {}],
      ['[]', { headers: { 'content-length': String(5 * 1024 * 1024) } }],
    ] as const) {
      const { client } = fakeBlog(body, init)
      await expect(client.posts(1), JSON.stringify(body)).rejects.toBeInstanceOf(BlogError)
    }
  })
})
