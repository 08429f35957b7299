/**
 * Where PuriBox may send someone after a step (`afterAgreement`, `redirectUri`, `next`, …): only a
 * path on this site. Anything that a browser could read as another origin — `//host`, `/\host`,
 * `https:…`, `javascript:…`, control characters, or backslashes that some browsers turn into `/` —
 * is refused, so a link cannot turn PuriBox into an open redirect.
 *
 * Answers the path (with its query and fragment) as a browser would resolve it, percent-encoded
 * (so that it can go in a `Location` header as it is: a header takes no characters beyond ASCII),
 * or null when it is not a same-origin path.
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null
  if (!value.startsWith('/')) return null
  // `//evil.example` and `/\evil.example` are protocol-relative URLs to another host.
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  // Control characters, spaces and backslashes: browsers strip or rewrite them in ways that can
  // change the host; no PuriBox path needs them.
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (code <= 0x20 || code === 0x7f || char === '\\') return null
  }
  let url: URL
  try {
    url = new URL(value, 'https://puribox.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'https://puribox.invalid') return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** `sameOriginPath(value)`, or `fallback` when it is not one. */
export function sameOriginPathOr(value: string | null | undefined, fallback: string): string {
  return sameOriginPath(value) ?? fallback
}
