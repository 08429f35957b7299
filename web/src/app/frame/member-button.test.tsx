// @vitest-environment jsdom
import type { MembershipStatus } from '@puribox/contract/membership'
import { links } from '@puribox/contract/pages'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { labelInNameMisfits } from '../../testing/label-in-name'
import { mockApi } from '../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../testing/render'
import { Header } from './header'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const unsaved = (totalCount: number) => ({
  hasUnsavedPuri: totalCount > 0,
  totalCount,
  items: [],
  soonestExpiryDays: totalCount > 0 ? 3 : null,
  saveByDate: totalCount > 0 ? '11-26' : null,
})

/** A member's server: their light profile and, for a free member, their unsaved puris. */
function stubServer(profile: { nickname: string | null; profileImageUrl: string | null }, unsavedCount = 0) {
  return mockApi({
    'GET /sp/profile/summary': () => wrapperResponse({ entity: { ...profile, is25OrOver: false } }),
    'GET /sp/2/images/unsaved/summary': () => wrapperResponse({ entity: unsaved(unsavedCount) }),
  })
}

function renderHeader(membershipStatus: MembershipStatus) {
  renderWithProviders(<Header variant="all" viewer={{ membershipStatus, official: false }} />)
}

/** The words a person sees in `link` (not those only a screen reader reads). */
function shownWords(link: HTMLElement): string {
  const hidden = link.querySelectorAll('.visually-hidden')
  return [...hidden].reduce((text, node) => text.replace(node.textContent ?? '', ''), link.textContent ?? '')
}

describe("the header's member button: who is signed in, to my page", () => {
  it('a free member: picture, nickname, マイページ and the count of unsaved puris, named as it reads', async () => {
    const calls = stubServer({ nickname: 'さくら', profileImageUrl: '/sp/profile/image/p1' }, 4)
    renderHeader('MINI')
    const link = await screen.findByRole('link', { name: 'さくらマイページ4枚の未保存のプリ' })
    // My page itself, whose saved pictures come first; the unsaved ones are one tap away there.
    expect(link.getAttribute('href')).toBe(links.mypage)
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/sp/profile/image/p1')
    expect(link.querySelector('.premium-mark')).toBeNull()
    // The words a person sees are the start of its name, so saying them works.
    expect(shownWords(link)).toBe('さくらマイページ4')
    expect(link.hasAttribute('aria-label')).toBe(false)
    expect(labelInNameMisfits(document.body)).toEqual([])
    expect(calls.map((call) => call.key).sort()).toEqual([
      'GET /sp/2/images/unsaved/summary',
      'GET /sp/profile/summary',
    ])
  })

  it('no badge at 0; the default nickname and the drawn picture for a member who has set neither', async () => {
    stubServer({ nickname: null, profileImageUrl: null }, 0)
    renderHeader('MINI')
    const link = await screen.findByRole('link', { name: 'ゲストマイページ' })
    expect(link.querySelector('img')).toBeNull()
    expect(link.querySelector('.me-button__badge')).toBeNull()
  })

  it.each(['PREMIUM', 'JHS_PREMIUM'] as const)(
    'a %s member: a crown on the picture, and never asked for unsaved puris',
    async (membership) => {
      const calls = stubServer({ nickname: 'さくら', profileImageUrl: null })
      renderHeader(membership)
      const link = await screen.findByRole('link', { name: 'さくらマイページ' })
      expect(link.querySelector('.me-button__avatar .premium-mark')).not.toBeNull()
      expect(calls.map((call) => call.key)).toEqual(['GET /sp/profile/summary'])
    },
  )

  it('is a link to my page, with its words, before anything has arrived', () => {
    mockApi({ 'GET /sp/profile/summary': () => new Promise<Response>(() => {}) })
    renderHeader('PREMIUM')
    const link = screen.getByRole('link', { name: 'マイページ' })
    expect(link.getAttribute('href')).toBe(links.mypage)
  })
})
