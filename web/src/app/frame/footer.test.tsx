// @vitest-environment jsdom
import { links } from '@puribox/contract/pages'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../testing/render'
import { Footer } from './footer'
import { guestViewer } from './viewer'

afterEach(cleanup)

function footerHrefs(): string[] {
  return [...screen.getByRole('contentinfo').querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')
}

describe('Footer', () => {
  it('all (guest): the guest links in their fixed order, and the copyright', () => {
    renderWithProviders(<Footer variant="all" viewer={guestViewer} />)
    expect(footerHrefs()).toEqual([
      links.siteTop,
      links.terms,
      links.help,
      links.inquiry,
      links.freeRegistration,
      links.privacy,
      links.commercialLaw,
      links.externalTransmission,
      links.operatingPolicy,
      links.privacyPolicy,
      links.login,
    ])
    expect(screen.getByRole('link', { name: '特定商取引法に基づく表記' }).getAttribute('href')).toBe(
      links.commercialLaw,
    )
    // The sign-up link has the one name the header and the menu give it.
    expect(screen.getByRole('link', { name: '会員登録' }).getAttribute('href')).toBe(links.registration)
    expect(screen.getByText('© PuriBox')).toBeTruthy()
  })

  it('all (mini, not official): premium registration, free-member deletion and settings instead', () => {
    renderWithProviders(<Footer variant="all" viewer={{ membershipStatus: 'MINI', official: false }} />)
    const hrefs = footerHrefs()
    expect(hrefs).toContain(links.premiumRegistration)
    expect(hrefs).toContain(links.freeMemberDeletion)
    expect(hrefs).toContain(links.settings)
    expect(hrefs).not.toContain(links.login)
    expect(hrefs).not.toContain(links.freeRegistration)
  })

  it('all (premium): premium cancel and settings, no deletion', () => {
    renderWithProviders(<Footer variant="all" viewer={{ membershipStatus: 'PREMIUM', official: false }} />)
    const hrefs = footerHrefs()
    expect(hrefs).toContain(links.premiumCancel)
    expect(hrefs).not.toContain(links.freeMemberDeletion)
    expect(hrefs).not.toContain(links.premiumRegistration)
  })

  it('all (junior-high free premium): nothing to register for, nothing to cancel, and settings', () => {
    renderWithProviders(
      <Footer variant="all" viewer={{ membershipStatus: 'JHS_PREMIUM', official: false }} />,
    )
    const hrefs = footerHrefs()
    expect(hrefs).not.toContain(links.premiumCancel)
    expect(hrefs).not.toContain(links.premiumRegistration)
    expect(hrefs).not.toContain(links.freeMemberDeletion)
    expect(hrefs).not.toContain(links.freeRegistration)
    expect(hrefs).toContain(links.settings)
  })

  it('primary: the main links only', () => {
    renderWithProviders(<Footer variant="primary" viewer={guestViewer} />)
    expect(footerHrefs()).toEqual([
      links.siteTop,
      links.terms,
      links.help,
      links.inquiry,
      links.privacyPolicy,
    ])
  })

  it('copyright-only: no links', () => {
    renderWithProviders(<Footer variant="copyright-only" viewer={guestViewer} />)
    expect(footerHrefs()).toEqual([])
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.getByText('© PuriBox')).toBeTruthy()
  })
})
