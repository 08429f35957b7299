// @vitest-environment jsdom
import { links } from '@puribox/contract/pages'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { labelInNameMisfits } from '../../testing/label-in-name'
import { renderWithProviders, wrapperResponse } from '../../testing/render'
import { Header } from './header'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const summary = (totalCount: number) => ({
  hasUnsavedPuri: totalCount > 0,
  totalCount,
  items: [],
  soonestExpiryDays: totalCount > 0 ? 3 : null,
  saveByDate: totalCount > 0 ? '11-26' : null,
})

describe('Header mypage badge', () => {
  it('shows a mini member the count of unsaved puris, with an accessible label, and still leads to my page', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => wrapperResponse({ entity: summary(4) }))
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<Header variant="all" viewer={{ membershipStatus: 'MINI', official: false }} />)
    const link = await screen.findByRole('link', { name: 'マイページ4枚の未保存のプリ' })
    // My page itself, whose saved pictures come first; the unsaved ones are one tap away there.
    expect(link.getAttribute('href')).toBe(links.mypage)
    expect(link.textContent).toContain('4')
    // The words a person sees ("マイページ4") are the start of its name, so saying them works.
    const shown = [...link.childNodes]
      .filter((node) => !(node instanceof HTMLElement && node.classList.contains('visually-hidden')))
      .map((node) => node.textContent)
      .join('')
    expect(shown).toBe('マイページ4')
    expect(link.hasAttribute('aria-label')).toBe(false)
    expect(labelInNameMisfits(document.body)).toEqual([])
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/sp/2/images/unsaved/summary')
  })

  it('shows no badge at 0', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => wrapperResponse({ entity: summary(0) }))
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<Header variant="all" viewer={{ membershipStatus: 'MINI', official: false }} />)
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const link = screen.getByRole('link', { name: 'マイページ' })
    expect(link.textContent).toBe('マイページ')
    expect(link.getAttribute('href')).toBe(links.mypage)
  })

  it('never asks for premium members', () => {
    const fetchMock = vi.fn<typeof fetch>(async () => wrapperResponse({ entity: summary(4) }))
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<Header variant="all" viewer={{ membershipStatus: 'PREMIUM', official: false }} />)
    expect(screen.getByRole('link', { name: 'マイページ' })).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
