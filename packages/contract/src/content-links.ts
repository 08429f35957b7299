import { sameOriginPath } from './safe-redirect'

/**
 * Where content written by the operators (news links, banner links) may point (decision 0040): a
 * path of this site, or an `https:` address of another. Nothing else: no `http:`, `mailto:`,
 * `javascript:`, `data:`, no credentials in the address, and no control characters, spaces or
 * backslashes anywhere (browsers strip or rewrite them, which is how `jav&#x09;ascript:` and
 * `/\evil.example` get past naive checks). Checked when content is stored and again when it is
 * served or shown.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const UNSAFE_URL_CHARACTERS = /[\u0000-\u0020\u007f\\]/

/** An `https:` address, normalised; null for anything else. */
export function httpsAddress(value: string): string | null {
  if (value.length > 2048 || UNSAFE_URL_CHARACTERS.test(value) || !/^https:\/\//i.test(value)) return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null
    return url.href
  } catch {
    return null
  }
}

/** A link of operators' content: a path of this site, or an https: address; null otherwise. */
export function contentLinkUrl(value: string): string | null {
  return sameOriginPath(value) ?? httpsAddress(value)
}

/** Whether a link checked by `contentLinkUrl` leaves the site (it then opens in a new tab). */
export function isOffSite(url: string): boolean {
  return !url.startsWith('/')
}
