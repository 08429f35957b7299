import { type FooterVariant, links } from '@puribox/contract/pages'
import type frame from '../../locales/ja/frame.json'
import type { Viewer } from './viewer'

/** A link of the contract the frame can show: one with a label in `frame.links`. */
export type FrameLinkName = keyof typeof links & keyof typeof frame.links
type LinkName = Exclude<FrameLinkName, 'machineSearchMap'>

export type FrameLink =
  | { name: LinkName; href: string }
  /** The external map of machines (a header link), opened in a new tab. */
  | { name: 'machineSearchMap'; href: string; external: true }

function internal(...names: LinkName[]): FrameLink[] {
  return names.map((name) => ({ name, href: links[name] }))
}

/**
 * Links of the header menu (the shared header's, the news, the coupons, help and the inquiry form); a free
 * member is also offered premium, and a member reaches the settings (the menu also signs out, below its links). The shop map is the
 * configured one (the dynamic links) once known, the contract's default before.
 */
export function menuLinks(viewer: Viewer, shopMapUrl: string = links.machineSearchMap): FrameLink[] {
  const account: LinkName[] =
    viewer.membershipStatus === 'GUEST'
      ? ['login', 'registration']
      : viewer.membershipStatus === 'MINI'
        ? ['mypage', 'premiumRegistration', 'settings']
        : ['mypage', 'settings']
  return [
    // Coupons for everyone: a guest reads there what they are and how to get them (decision 0044).
    ...internal('siteTop', ...account, 'news', 'coupons', 'machineList', 'photoGetForm'),
    { name: 'machineSearchMap', href: shopMapUrl, external: true },
    ...internal('help', 'inquiry'),
  ]
}

/** Links of each footer variant, by membership. */
export function footerLinks(variant: FooterVariant, viewer: Viewer): FrameLink[] {
  if (variant === 'copyright-only') return []
  if (variant === 'primary') return internal('siteTop', 'terms', 'help', 'inquiry', 'privacyPolicy')

  const { membershipStatus } = viewer
  // Sign-up for a guest (the spec's "free registration": the same page and the same name as the
  // header's button); premium registration and the free member's deletion only for a free member,
  // premium cancel only for a paying one; the junior-high free premium has none of them
  // (it leaves from the settings, by the free member's path: nothing to cancel; decision 0047).
  const byMembership: LinkName[] =
    membershipStatus === 'GUEST'
      ? ['registration']
      : membershipStatus === 'MINI'
        ? ['premiumRegistration', ...(viewer.official ? [] : (['freeMemberDeletion'] as const))]
        : membershipStatus === 'PREMIUM'
          ? ['premiumCancel']
          : []
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
