import type { FooterVariant } from '@puribox/contract/routes'
import { type LinkName, links } from '../../lib/contract-lite'
import type { Viewer } from './viewer'

/** The external map of machines (spec §2 header links); not a PuriBox path, so not in the contract. */
export const MACHINE_SEARCH_MAP_URL =
  'https://www.google.com/maps/search/?api=1&query=%E3%83%97%E3%83%AA%E6%A9%9F'

export type FrameLink =
  | { name: LinkName; href: string }
  | { name: 'machineSearchMap'; href: string; external: true }

function internal(...names: LinkName[]): FrameLink[] {
  return names.map((name) => ({ name, href: links[name] }))
}

/** Links of the header menu (spec §2 shared header). */
export function menuLinks(viewer: Viewer): FrameLink[] {
  const account: LinkName[] = viewer.membershipStatus === 'GUEST' ? ['login', 'registration'] : ['mypage']
  return [
    ...internal('siteTop', ...account, 'machineList', 'photoGetForm'),
    { name: 'machineSearchMap', href: MACHINE_SEARCH_MAP_URL, external: true },
  ]
}

/** Links of each footer variant (spec §2 shared footer), by membership. */
export function footerLinks(variant: FooterVariant, viewer: Viewer): FrameLink[] {
  if (variant === 'copyright-only') return []
  if (variant === 'primary') return internal('siteTop', 'terms', 'help', 'inquiry', 'privacyPolicy')

  const { membershipStatus } = viewer
  const byMembership: LinkName[] =
    membershipStatus === 'GUEST'
      ? ['freeRegistration']
      : membershipStatus === 'MINI'
        ? ['premiumRegistration', ...(viewer.official ? [] : (['freeMemberDeletion'] as const))]
        : ['premiumCancel']
  return internal(
    'siteTop',
    'terms',
    'help',
    'inquiry',
    ...byMembership,
    'privacy',
    'commercialLaw',
    'externalTransmission',
    'operatingPolicy',
    'privacyPolicy',
    ...(membershipStatus === 'GUEST' ? (['login'] as const) : (['settings'] as const)),
  )
}
