// @vitest-environment jsdom
import type { NewsItem } from '@puribox/contract/news'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../testing/mock-api'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { GUEST_READS_KEY } from '../guest-reads'
import { TopNews } from './top-news'

const TOP = 'GET /sp/2/news/self/info?count=3'
const ids = ['1', '2', '3'].map((n) => `6e0f3c1a-0d5e-4d7a-9a51-00000000000${n}`)

const ITEMS: NewsItem[] = ids.map((id, index) => ({
  id,
  newsCategoryName: index === 0 ? 'important' : 'info',
  createdAt: `2026-11-1${8 - index}T12:00:00`,
  title: `お知らせ${index + 1}`,
  body: '本文',
  link: null,
  priorityLevel: index === 0 ? 9 : 0,
  read: index === 2,
}))

beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('TopNews (for the top page)', () => {
  it('asks for the first three by priority and shows them with unread marks and 「もっと見る」', async () => {
    localStorage.setItem(GUEST_READS_KEY, JSON.stringify([ids[1]]))
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [TOP]: () => wrapperResponse({ entity: { entry: ITEMS } }),
    })
    renderWithProviders(<TopNews />, { path: '/sp/top/menu' })
    const section = (await screen.findByRole('heading', { name: 'お知らせ' })).closest('section')!
    const links = within(section).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/sp/puri_news?from=top#/${ids[0]}`,
      `/sp/puri_news?from=top#/${ids[1]}`,
      `/sp/puri_news?from=top#/${ids[2]}`,
      '/sp/puri_news?from=top#/all',
    ])
    expect(links[0]!.textContent).toContain('未読')
    // Read in this browser (a guest), and read on the server.
    expect(links[1]!.textContent).not.toContain('未読')
    expect(links[2]!.textContent).not.toContain('未読')
    expect(links[3]!.textContent).toBe('もっと見る')
    expect(calls.map((call) => call.key)).toContain(TOP)
  })

  it.each([
    ['no news', () => wrapperResponse({ entity: { entry: [] } })],
    ['a failure', () => wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500)],
    [
      'no answer',
      (): Response => {
        throw new TypeError('Failed to fetch')
      },
    ],
  ])('shows nothing for %s', async (_name, answer) => {
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('GUEST') }),
      [TOP]: answer,
    })
    const { container } = renderWithProviders(<TopNews />, { path: '/sp/top/menu' })
    await vi.waitFor(() => expect(calls.map((call) => call.key)).toContain(TOP))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.innerHTML).toBe('')
  })
})
