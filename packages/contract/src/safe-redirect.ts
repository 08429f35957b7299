/** The origin paths are resolved against: any origin would do, as long as it is only used here. */
const BASE = 'https://puribox.invalid'

/**
 * Where PuriBox may send someone after a step (`afterAgreement`, `redirectUri`, `next`, …): only a
 * path on this site. Every destination parameter goes through this one function (or through
 * `sameOriginAddress` for an absolute return address), so there is one place to get it right.
 *
 * The decision is taken on what the value *becomes*, not on how it is written: the value is
 * resolved the way a browser resolves it (WHATWG URL parsing: dot segments removed, `%2e` read as
 * `.`), and the resolved path must still be a path on this site when a browser reads it again.
 * `/.//evil.example`, `/a/..//evil.example` and `/%2e//evil.example` all resolve to
 * `//evil.example`, which a browser reads as another host: refused.
 *
 * Also refused before resolving: anything not starting with `/` (`https:…`, `javascript:…`,
 * `\/host`), control characters, spaces and backslashes (browsers strip or rewrite them in ways that
 * can change the host, and no PuriBox path needs them), and an encoded backslash or control
 * character (`%5c`, `%09`), which a server or proxy further on might decode into one.
 *
 * Answers the resolved path (with its query and fragment), percent-encoded so that it can go in a
 * `Location` header as it is (a header takes no characters beyond ASCII), or null.
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null
  if (!value.startsWith('/')) return null
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (code <= 0x20 || code === 0x7f || char === '\\') return null
  }
  if (/%(?:5c|[01][0-9a-f]|7f)/i.test(value)) return null
  const path = resolvedPath(value)
  // Resolving again must change nothing and stay here: `//host` (what `/.//host` became) fails
  // both, as does anything a second reading would take somewhere else.
  if (path === null || path.startsWith('//') || resolvedPath(path) !== path) return null
  return path
}

/** The path, query and fragment `value` resolves to on this site, or null if it leaves it. */
function resolvedPath(value: string): string | null {
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** `sameOriginPath(value)`, or `fallback` when it is not one. */
export function sameOriginPathOr(value: string | null | undefined, fallback: string): string {
  return sameOriginPath(value) ?? fallback
}

/**
 * An absolute return address (what an outside service — the payment pages, the identity check, the
 * sign-in service — sends the browser back to) when it is on `origin` and its path passes
 * `sameOriginPath`; else null. `origin` is the one site the service was told about (PuriBox's
 * public address), as a real provider only returns to the addresses registered with it.
 */
export function sameOriginAddress(value: string | null | undefined, origin: string): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null
  let url: URL
  let allowed: URL
  try {
    url = new URL(value)
    allowed = new URL(origin)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.origin !== allowed.origin || url.username !== '' || url.password !== '') return null
  const path = sameOriginPath(`${url.pathname}${url.search}${url.hash}`)
  return path === null ? null : `${url.origin}${path}`
}
