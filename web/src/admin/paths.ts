import { sameOriginPath } from '@puribox/contract/safe-redirect'

/** The console's home: who is signed in, and the console's sections. */
export const HOME_PATH = '/admin'

/** Members: found by account id, mail address or a seal ID; a member's page under it (members/member-paths.ts). */
export const MEMBERS_PATH = '/admin/members'

/** The audit log: who changed what, newest first; its filters are the address's query. */
export const AUDIT_PATH = '/admin/audit'

/** The service's numbers per Japan day; the range is the address's `from` and `to`. */
export const NUMBERS_PATH = '/admin/numbers'

/** Shops, the machines in them and their keys, and the machine models (booths/booth-paths.ts has each screen's path). */
export const BOOTHS_PATH = '/admin/booths'

/** News, newest written first; `?state=` shows one state (content/news-paths.ts has each screen's path). */
export const NEWS_PATH = '/admin/news'

/** Banners space by space (content/banner-paths.ts has each screen's path). */
export const BANNERS_PATH = '/admin/banners'

/** Junior-high applications: the queue, waiting ones first (applications/application-paths.ts has each screen's path). */
export const APPLICATIONS_PATH = '/admin/applications'

/** Inquiries: the inbox by state and who handles them (inquiries/inquiry-paths.ts has each screen's path). */
export const INQUIRIES_PATH = '/admin/inquiries'

/** Help: its categories with their questions and answers, in the order members see them. */
export const HELP_PATH = '/admin/help'

/** Seals by their ID: what a play was, who saved it, and stopping a reported one (seals/seal-paths.ts). */
export const SEALS_PATH = '/admin/seals'

/** The information pages and policies, each with its versions (information/info-paths.ts has each screen's path). */
export const INFORMATION_PATH = '/admin/information'

/** Coupons, newest written first; `?state=` shows one state (content/coupon-paths.ts has each screen's path). */
export const COUPONS_PATH = '/admin/coupons'

/** Auditions, by state; `?state=` shows one (content/audition-paths.ts has each screen's path). */
export const AUDITIONS_PATH = '/admin/auditions'

/** Where members are offered the au trial: the optimised flows (content/flow-paths.ts has each screen's path). */
export const FLOWS_PATH = '/admin/flows'

/** Ads space by space, with their reactions per day (ads/ads-paths.ts has each screen's path). */
export const ADS_PATH = '/admin/ads'

/**
 * The console's sections, in the order the frame and the home list them (their names in admin.json):
 * people's cases first, as support opens them most, then content and booths, then the numbers and
 * the log.
 */
export const CONSOLE_SECTIONS = [
  { key: 'members', path: MEMBERS_PATH },
  { key: 'inquiries', path: INQUIRIES_PATH },
  { key: 'applications', path: APPLICATIONS_PATH },
  { key: 'seals', path: SEALS_PATH },
  { key: 'news', path: NEWS_PATH },
  { key: 'banners', path: BANNERS_PATH },
  { key: 'help', path: HELP_PATH },
  { key: 'information', path: INFORMATION_PATH },
  { key: 'coupons', path: COUPONS_PATH },
  { key: 'ads', path: ADS_PATH },
  { key: 'auditions', path: AUDITIONS_PATH },
  { key: 'flows', path: FLOWS_PATH },
  { key: 'booths', path: BOOTHS_PATH },
  { key: 'numbers', path: NUMBERS_PATH },
  { key: 'audit', path: AUDIT_PATH },
] as const

/** Whether `path` is the section's own screen or one under it. */
export function isInSection(path: string, sectionPath: string): boolean {
  const bare = path.replace(/\/+$/, '')
  return bare === sectionPath || bare.startsWith(`${sectionPath}/`)
}

/** A console path with a query of the values given, in the given order (none: no `?`). */
export function withQuery(path: string, query: Readonly<Record<string, string | undefined>>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(name, value)
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/** The sign-in screen; `?next=` names the console path to go back to afterwards. */
export const SIGN_IN_PATH = '/admin/login'

/** Why the sign-in screen is shown, said above the form. */
export type SignInReason = 'sessionEnded' | 'signedOut'

/**
 * Where the console may go after signing in: a path of the console's own screens, resolved as a
 * browser resolves it (`sameOriginPath`), neither its API nor the sign-in screen itself; else null.
 * `/administrator`, `/admin/../sp/top/menu` and `//evil.example/admin` are all refused.
 */
export function consoleReturnPath(value: string | null | undefined): string | null {
  const path = sameOriginPath(value)
  if (path === null) return null
  const pathname = path.split(/[?#]/)[0] ?? ''
  const underConsole = pathname === HOME_PATH || pathname.startsWith(`${HOME_PATH}/`)
  if (!underConsole) return null
  if (/^\/admin\/(?:api|assets)(?:\/|$)/.test(pathname)) return null
  if (pathname.replace(/\/+$/, '') === SIGN_IN_PATH) return null
  return path
}

/** The sign-in screen's address, remembering the console path to come back to (not the home: that is where it goes anyway). */
export function signInPath({ next, reason }: { next?: string | null; reason?: SignInReason } = {}): string {
  const search = new URLSearchParams()
  const back = consoleReturnPath(next)
  if (back !== null && back !== HOME_PATH) search.set('next', back)
  if (reason) search.set('reason', reason)
  const query = search.toString()
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH
}
