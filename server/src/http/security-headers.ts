import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyReply } from 'fastify'
import helmet, { contentSecurityPolicy } from 'helmet'

/**
 * The headers every answer carries (decision 0022): pages, JSON, pictures, files,
 * redirects and the sandboxes alike. Helmet decides them; it is run once here, against a response
 * that only records what it sets, and each answer gets the same headers as Fastify's own (decision
 * 0052): Node then writes them in one pass with the rest, where Helmet's `setHeader` on the raw
 * response, a dozen times an answer, cost about 4 µs and sent Node's header writing down its slow
 * path for every other header too.
 *
 * The Content-Security-Policy admits scripts and styles from the site itself and nothing inline,
 * except what an HTML page of ours carries inline on purpose (the shell's boot script and
 * stylesheet, the 404 page's style): those by their SHA-256, taken from the page as it is served
 * (`allowInline`). A hash, not a nonce: the shell is compressed once per version of it
 * (pages.ts), which a nonce per answer would undo.
 */
export interface SecurityHeadersOptions {
  production: boolean
  /**
   * Where a form on one of our pages may post, or be sent on to by a redirect after posting: the
   * site as people reach it (PUBLIC_URL), the auth service and the payment gateway. Full URLs;
   * their origins are what counts.
   */
  formTargets: readonly string[]
  /**
   * Other sites whose pictures our pages may show (the blog's post pictures), as full URLs; their
   * origins are what counts. The site's own address needs no entry.
   */
  imageSources?: readonly string[]
}

export interface SecurityHeaders {
  /**
   * Puts the headers on this answer. Install it as the app's first `onRequest` hook, so that an
   * answer any later hook gives (a refused CSRF check, a role guard's redirect) carries them too;
   * the router's own refusals, which come before any hook, call it themselves. A route that takes
   * over the raw response (`reply.hijack()`) copies them across first (`handOverHeaders`).
   */
  write(reply: FastifyReply): void
  /** The same headers, by name, for an answer written to the socket itself (`answerClientError`). */
  readonly all: Readonly<Record<string, string>>
  /**
   * This answer is the HTML page `html`: its inline scripts and styles (not its JSON data blocks,
   * which never run) are admitted by hash. Call it with the page as built, before anything per
   * request goes in (an embedded JSON answer needs nothing).
   */
  allowInline(reply: FastifyReply, html: string): void
}

/** Inline scripts and styles admitted by hash, in the directives' own syntax (`'sha256-…'`). */
export interface InlineHashes {
  scripts: string[]
  styles: string[]
}

const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi
const SRC_ATTRIBUTE = /\ssrc\s*=/i
/** `<script type="application/json">` and the like: data the page reads, never run, so never checked. */
const DATA_BLOCK = /\stype\s*=\s*["']?application\/(?:[\w.+-]+\+)?json\b/i

function sha256Source(text: string): string {
  // What the browser hashes is the element's text after its HTML parser turned CR LF and CR into LF.
  const digest = createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')
  return `'sha256-${digest}'`
}

/** The hashes of every inline script (templates' included) and style element of a page. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const [, element, attributes = '', text = ''] of html.matchAll(INLINE_ELEMENT)) {
    if (element?.toLowerCase() === 'style') styles.add(sha256Source(text))
    else if (!SRC_ATTRIBUTE.test(attributes) && !DATA_BLOCK.test(attributes)) scripts.add(sha256Source(text))
  }
  return { scripts: [...scripts], styles: [...styles] }
}

function originOf(url: string): string {
  return new URL(url).origin
}

/** The policy's directives, with a page's inline hashes when it has any. */
function contentSecurityDirectives(
  options: SecurityHeadersOptions,
  inline: InlineHashes = { scripts: [], styles: [] },
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'form-action': ["'self'", ...new Set(options.formTargets.map(originOf))],
    'frame-ancestors': ["'none'"],
    // data: for the shell's favicon; blob: for the preview of a profile picture before it is sent.
    'img-src': ["'self'", 'data:', 'blob:', ...new Set((options.imageSources ?? []).map(originOf))],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...inline.scripts],
    'script-src-attr': ["'none'"],
    // Style attributes stay refused: the prerendered screens have none, and React and the boot
    // script set styles through the CSSOM, which the policy leaves alone.
    'style-src': ["'self'", ...inline.styles],
    ...(options.production ? { 'upgrade-insecure-requests': [] } : {}),
  }
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void

/**
 * The headers a Helmet middleware sets, with the names in lower case as Fastify keeps its own. It is
 * given a stand-in response that records `setHeader` (and ignores `removeHeader`: Node and Fastify
 * never add the `X-Powered-By` Helmet removes); its middlewares read nothing else of the response and
 * nothing of the request.
 */
export function headersSetBy(middleware: Middleware): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader() {},
  }
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined)
  return Object.freeze(headers)
}

const CSP = 'content-security-policy'

/**
 * The browser features PuriBox's pages may use, for them alone: the shop search asks for the
 * location, the viewer hands a picture to the share sheet and a clip may play by itself (muted) or
 * full screen. Everything else a page could ask a phone for (camera, microphone, payment, sensors,
 * USB, …) is refused, so that a script that somehow got in cannot ask for it either, and no frame
 * of another site may ask on our behalf. Only features Chromium and Safari know are named: an
 * unknown one makes the browser log an error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'web-share=(self)',
  'xr-spatial-tracking=()',
].join(', ')

/** The site's security headers, for every answer of one app (app.ts). */
export function createSecurityHeaders(options: SecurityHeadersOptions): SecurityHeaders {
  const headers = {
    ...headersSetBy(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(options) },
        // Two tabs of ours need nothing of each other; no window of another site gets a handle on ours.
        crossOriginOpenerPolicy: { policy: 'same-origin' },
        // Our pictures are private: no other site may show them in its pages.
        crossOriginResourcePolicy: { policy: 'same-origin' },
        // The full address to our own pages and API, only the origin to another site, nothing over
        // http. Not `no-referrer`, even for pages with a token in their address (the registration
        // mail's link): the browser would then send `Origin: null` with the page's own POSTs, which
        // the CSRF check refuses; and with this policy the token never leaves the site anyway.
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        // Only where the site is served over https, that is in production (config.ts requires it).
        strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        // For browsers without `frame-ancestors`.
        xFrameOptions: { action: 'deny' },
      }),
    ),
    'permissions-policy': PERMISSIONS_POLICY,
  }

  // One policy per version of a page (the shell is re-read after each build outside production).
  const policies = new Map<string, string>()
  return {
    write: (reply) => void reply.headers(headers),
    all: headers,
    allowInline(reply, html) {
      let policy = policies.get(html)
      if (!policy) {
        const directives = contentSecurityDirectives(options, inlineHashes(html))
        policy = headersSetBy(contentSecurityPolicy({ useDefaults: false, directives }))[CSP]!
        if (policies.size >= 8) policies.delete(policies.keys().next().value!)
        policies.set(html, policy)
      }
      reply.header(CSP, policy)
    },
  }
}

/**
 * Before `reply.hijack()`: the headers Fastify holds for this answer (the security headers among
 * them) go onto the raw response, which whoever takes it over then writes.
 */
export function handOverHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value)
  }
}
