import { BANNER_ADMIN_LIMITS } from '@puribox/contract/admin-banners'
import { contentLinkUrl, isOffSite } from '@puribox/contract/content-links'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import sanitizeHtml from 'sanitize-html'

/**
 * The one sanitiser of banner HTML (decision 0040), run when a banner is stored and again when it is
 * served. A strict allow-list, built on sanitize-html (a maintained parser-based sanitiser), with
 * PuriBox's own URL rule on top of its scheme check:
 *
 * - tags: a, img, picture, source, p, br, div, span, strong, em, b, small; anything else is dropped
 *   (its text kept), and the contents of raw-text and foreign elements (script, style, xmp, iframe,
 *   svg, math, template…) go with them;
 * - attributes: a link's href and title, a picture's src, srcset, alt, sizes and media; `class` only
 *   with `banner-` classes (the web's banner styles). No event handler, no style, no id, no target
 *   or rel of the author's: links to another site get `target="_blank" rel="noopener noreferrer"`
 *   from here;
 * - URLs: a link goes where operators' content may point (`contentLinkUrl`: an `https:` address or
 *   a path of this site); a picture comes from a path of this site only, as the
 *   Content-Security-Policy (`img-src 'self'`) admits no other.
 */

/** The longest banner HTML stored, before sanitising (a banner is a few lines of markup). */
export const BANNER_HTML_MAX = BANNER_ADMIN_LIMITS.htmlMax

/** `srcset` with every candidate a path of this site and a plain descriptor; null when any is not. */
function safeSrcset(value: string): string | null {
  const candidates = value.split(',').map((candidate) => candidate.trim())
  if (candidates.length === 0 || candidates.length > 8) return null
  const kept: string[] = []
  for (const candidate of candidates) {
    const [url, descriptor, ...rest] = candidate.split(/[ \t\n\f\r]+/)
    if (!url || rest.length > 0 || sameOriginPath(url) === null) return null
    if (descriptor !== undefined && !/^\d{1,5}(\.\d{1,3})?[wx]$/.test(descriptor)) return null
    const path = sameOriginPath(url) as string
    kept.push(descriptor === undefined ? path : `${path} ${descriptor}`)
  }
  return kept.join(', ')
}

type Attributes = sanitizeHtml.Attributes

/** The attributes with `name` checked: kept (normalised) in its place, or dropped. */
function withoutUnsafeUrl(attribs: Attributes, name: string, check: (value: string) => string | null) {
  const value = attribs[name]
  if (value === undefined) return attribs
  const kept = { ...attribs }
  const safe = check(value)
  if (safe === null) delete kept[name]
  else kept[name] = safe
  return kept
}

const options: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'img', 'picture', 'source', 'p', 'br', 'div', 'span', 'strong', 'em', 'b', 'small'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', { name: 'loading', values: ['lazy', 'eager'] }],
    source: ['srcset', 'sizes', 'media', 'type', 'width', 'height'],
  },
  allowedClasses: { '*': [/^banner-[a-z0-9-]{1,40}$/] },
  // sanitize-html's own scheme check, under PuriBox's stricter rule below: no mailto:, no data:.
  allowedSchemes: ['https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Their text is code or foreign markup, never words of the banner: dropped with the element.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'plaintext',
    'title',
    'template',
    'svg',
    'math',
    'object',
    'embed',
    'select',
    'head',
  ],
  selfClosing: ['img', 'br', 'source'],
  nestingLimit: 16,
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  transformTags: {
    a(tagName, attribs) {
      const { target: _target, rel: _rel, ...rest } = withoutUnsafeUrl(attribs, 'href', contentLinkUrl)
      const href = rest.href
      // Another site opens in a new tab, which must not reach back to this page.
      if (href !== undefined && isOffSite(href)) {
        return { tagName, attribs: { ...rest, target: '_blank', rel: 'noopener noreferrer' } }
      }
      return { tagName, attribs: rest }
    },
    img(tagName, attribs) {
      return {
        tagName,
        attribs: withoutUnsafeUrl(withoutUnsafeUrl(attribs, 'src', sameOriginPath), 'srcset', safeSrcset),
      }
    },
    source(tagName, attribs) {
      return { tagName, attribs: withoutUnsafeUrl(attribs, 'srcset', safeSrcset) }
    },
  },
  // A picture without a source it may show is nothing.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !frame.attribs.src) || (frame.tag === 'source' && !frame.attribs.srcset),
}

/**
 * The banner HTML that may reach a page: whatever `html` holds, the result has only the tags,
 * attributes and URLs above. Empty (nothing left, only whitespace) is null: no banner.
 */
export function sanitizeBannerHtml(html: string): string | null {
  const clean = sanitizeHtml(html.slice(0, BANNER_HTML_MAX), options).trim()
  return clean === '' ? null : clean
}
