// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { BlogPosts } from './blog-posts'

const POST = {
  id: 1,
  title: 'ふたりで撮るなら試したい、かわいいポーズ5選',
  date: '2026-11-18T18:00:00',
  link: 'https://blog.puribox.jp/pose-ideas/',
  excerpt: 'ハートを作る、背中合わせ。',
  imageUrl: 'https://blog.puribox.jp/media/1.jpg',
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('BlogPosts', () => {
  it("lists a category's newest posts, each opening the post on the blog", async () => {
    const calls = mockApi({
      'GET /sp/2/blog/posts?category=tips&count=3': () =>
        wrapperResponse({
          entity: { posts: [POST, { ...POST, id: 2, title: '明るさ設定', imageUrl: null }] },
        }),
    })
    renderWithProviders(<BlogPosts category="tips" />)
    expect(await screen.findByRole('heading', { name: 'PuriBoxブログ' })).toBeTruthy()
    const link = screen.getByRole('link', { name: /ふたりで撮るなら/ })
    expect(link.getAttribute('href')).toBe(POST.link)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener')
    expect(link.textContent).toContain('2026年11月18日')
    expect(link.textContent).toContain('ハートを作る')
    expect(link.querySelector('img')?.getAttribute('src')).toBe(POST.imageUrl)
    expect(screen.getByRole('link', { name: /明るさ設定/ }).querySelector('img')).toBeNull()
    expect(calls).toHaveLength(1)
  })

  it('shows nothing when there are no posts, or the answer fails, and no link but to the web', async () => {
    for (const answer of [
      () => wrapperResponse({ entity: { posts: [] } }),
      () => wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500),
      () => wrapperResponse({ entity: { posts: [{ ...POST, link: 'javascript:alert(1)' }] } }),
    ]) {
      const calls = mockApi({ 'GET /sp/2/blog/posts?category=campaign&count=5': answer })
      const { container } = renderWithProviders(<BlogPosts category="campaign" count={5} heading="x" />)
      await waitFor(() => expect(calls).toHaveLength(1))
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(container.innerHTML).toBe('')
      cleanup()
    }
  })
})
