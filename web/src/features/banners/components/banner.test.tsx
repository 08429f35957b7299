// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { Banner } from './banner'

const URL = 'GET /sp/2/banner/space_id/product_information'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function answer(bannerHtml: string | null) {
  return mockApi({ [URL]: () => wrapperResponse({ entity: { bannerHtml } }) })
}

describe('Banner', () => {
  it("renders the space's HTML; a link to another site opens in a new tab that cannot reach back", async () => {
    answer(
      '<div class="banner-card"><p class="banner-title">プレミアム会員</p>' +
        '<a class="banner-button" href="/web/payment">くわしく見る</a>' +
        '<a href="https://example.com/q">アンケート</a></div>',
    )
    const { container } = renderWithProviders(<Banner spaceId="product_information" />, {
      path: '/sp/top/menu',
    })
    expect(await screen.findByText('プレミアム会員')).toBeTruthy()
    expect(container.querySelector('[data-banner-space="product_information"]')).toBeTruthy()
    const inside = screen.getByRole('link', { name: 'くわしく見る' })
    expect(inside.getAttribute('href')).toBe('/web/payment')
    expect(inside.getAttribute('target')).toBeNull()
    const outside = screen.getByRole('link', { name: 'アンケート' })
    expect(outside.getAttribute('target')).toBe('_blank')
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('checks every link again: one that is not allowed loses its href', async () => {
    answer(
      '<p><a href="javascript:alert(1)">a</a><a href="//evil.example/">b</a>' +
        '<a href="https://example.com/" target="_self" rel="opener">c</a></p>',
    )
    renderWithProviders(<Banner spaceId="product_information" />, { path: '/sp/top/menu' })
    expect((await screen.findByText('a')).getAttribute('href')).toBeNull()
    expect(screen.getByText('b').getAttribute('href')).toBeNull()
    expect(screen.getByText('c').getAttribute('target')).toBe('_blank')
    expect(screen.getByText('c').getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('a link to a page of the app moves inside the app', async () => {
    answer('<a href="/sp/puri_news?from=banner#/important">くわしく見る</a>')
    const { location } = renderWithProviders(<Banner spaceId="product_information" />, {
      path: '/sp/top/menu',
    })
    const link = await screen.findByRole('link', { name: 'くわしく見る' })
    act(() => link.click())
    await waitFor(() => expect(location.history.at(-1)).toBe('/sp/puri_news?from=banner#/important'))
  })

  it.each([
    ['a space without a banner', () => wrapperResponse({ entity: { bannerHtml: null } })],
    ['an unknown space', () => wrapperResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404)],
    ['a failure', () => wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500)],
    [
      'no answer',
      (): Response => {
        throw new TypeError('Failed to fetch')
      },
    ],
  ])('renders nothing for %s', async (_name, handler) => {
    const calls = mockApi({ [URL]: handler })
    const { container } = renderWithProviders(<Banner spaceId="product_information" />, {
      path: '/sp/top/menu',
    })
    await waitFor(() => expect(calls).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.innerHTML).toBe('')
  })
})
