// @vitest-environment jsdom
import type { MembershipStatus } from '@puribox/contract/membership'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../testing/render'
import { Header } from './header'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Who is signed in, at the top of the menu: the part that says so to a screen reader. */
async function findProfile(menu: HTMLElement): Promise<HTMLElement> {
  const label = await within(menu).findByText('ログイン中の会員')
  const profile = label.closest<HTMLElement>('.menu-profile')
  if (!profile) throw new Error('no profile in the menu')
  return profile
}

/** The server of a member whose light profile is `summary`; the menu's other requests answered too. */
function stubServer(summary: { nickname: string | null; profileImageUrl: string | null }) {
  return mockApi({
    'GET /sp/profile/summary': () => wrapperResponse({ entity: { ...summary, is25OrOver: false } }),
    'GET /sp/2/images/unsaved/summary': () =>
      wrapperResponse({
        entity: {
          hasUnsavedPuri: false,
          totalCount: 0,
          items: [],
          soonestExpiryDays: null,
          saveByDate: null,
        },
      }),
    'GET /sp/2/dynamic_links': () => wrapperResponse({ entity: null }),
  })
}

async function openMenu(membershipStatus: MembershipStatus) {
  renderWithProviders(<Header variant="all" viewer={{ membershipStatus, official: false }} />)
  fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
  return screen.findByRole('navigation', { name: 'サイトメニュー' })
}

describe('the header menu says who is signed in', () => {
  it('shows the nickname and picture the header asked for, without asking again', async () => {
    const calls = stubServer({ nickname: 'さくら', profileImageUrl: '/sp/profile/image/p1' })
    renderWithProviders(<Header variant="all" viewer={{ membershipStatus: 'MINI', official: false }} />)
    // The header's member button asks with the page; the menu reads the same answer.
    await screen.findByRole('link', { name: /^さくらマイページ/ })

    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    const menu = await screen.findByRole('navigation', { name: 'サイトメニュー' })
    const profile = await findProfile(menu)
    expect(await within(profile).findByText('さくら')).toBeTruthy()
    expect(profile.querySelector('img')?.getAttribute('src')).toBe('/sp/profile/image/p1')
    expect(within(profile).getByText('無料会員')).toBeTruthy()
    // A free member has no premium mark.
    expect(profile.querySelector('.premium-mark')).toBeNull()
    expect(calls.filter((call) => call.key === 'GET /sp/profile/summary')).toHaveLength(1)
    // Above the menu's links: the first thing in it.
    expect(menu.firstElementChild).toBe(profile)
  })

  it.each([
    ['PREMIUM', 'プレミアム会員'],
    ['JHS_PREMIUM', '中学生無料プレミアム会員'],
  ] as const)('marks a %s member as premium', async (membership, label) => {
    stubServer({ nickname: 'さくら', profileImageUrl: null })
    const menu = await openMenu(membership)
    const profile = await findProfile(menu)
    await within(profile).findByText('さくら')
    expect(within(profile).getByText(label)).toBeTruthy()
    // The mark beside the membership, which says it in words.
    expect(profile.querySelector('.premium-mark')).not.toBeNull()
  })

  it('shows the default nickname and picture for a member who has set neither', async () => {
    stubServer({ nickname: null, profileImageUrl: null })
    const menu = await openMenu('MINI')
    const profile = await findProfile(menu)
    expect(await within(profile).findByText('ゲスト')).toBeTruthy()
    expect(profile.querySelector('img')).toBeNull()
  })

  it('never asks for a guest', async () => {
    const calls = stubServer({ nickname: 'x', profileImageUrl: null })
    const menu = await openMenu('GUEST')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(within(menu).queryByText('ログイン中の会員')).toBeNull()
    expect(calls.map((call) => call.key)).not.toContain('GET /sp/profile/summary')
  })
})
