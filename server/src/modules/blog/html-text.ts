import { Parser } from 'htmlparser2'

/** Elements whose text is never shown. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math'])
/** Elements that break a line: their text must not run into the next word. */
const BREAKS = new Set([
  'p',
  'br',
  'div',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'tr',
  'td',
  'th',
  'figure',
  'figcaption',
])

/**
 * The text of an HTML fragment as a person reads it (a WordPress title or excerpt): tags gone,
 * entities decoded, hidden elements dropped, whitespace made single spaces. Parsed by htmlparser2,
 * not by patterns, so broken or hostile markup cannot smuggle a tag through; the answer is plain
 * text, which the web shows as text.
 */
export function htmlToText(html: string): string {
  let text = ''
  let hidden = 0
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hidden += 1
        if (BREAKS.has(name)) text += ' '
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1)
        if (BREAKS.has(name)) text += ' '
      },
      ontext(data) {
        if (hidden === 0) text += data
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  return withoutControls(text).replace(/\s+/g, ' ').trim()
}

/** Whitespace stays (it becomes single spaces); other controls and the bidirectional overrides go. */
function withoutControls(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.charCodeAt(0)
    const control = (code < 0x20 && !/\s/.test(char)) || code === 0x7f
    const bidi = (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)
    if (!control && !bidi) out += char
  }
  return out
}

/** `text` cut to `max` characters (code points), an ellipsis ending a cut one. */
export function cutText(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}\u2026`
}
