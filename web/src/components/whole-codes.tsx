import type { ReactNode } from 'react'

/**
 * A price with its tax note (330 yen, tax included: both the bracketed and the dotted form) or a
 * seal ID written with its hyphen. Escapes, since source files hold no Japanese characters.
 */
const CODE = /(\d[\d,]*\u5186(?:\uff08\u7a0e\u8fbc\uff09|\u30fb\u7a0e\u8fbc)|\b[0-9A-Z]{5}-[0-9A-Z]{5}\b)/

/**
 * Running text whose prices and seal IDs each stay on one line: the sentence still wraps anywhere a
 * Japanese sentence may, but never inside a price or a code. Each one is a span of its own, so the
 * text copies, reads aloud and searches exactly as written.
 */
export function WholeCodes({ text }: { text: string }): ReactNode {
  const parts = text.split(CODE)
  if (parts.length === 1) return text
  // Split by a capturing pattern: the codes are the odd parts. Each is keyed by where it starts.
  const nodes: ReactNode[] = []
  let at = 0
  parts.forEach((part, position) => {
    nodes.push(
      position % 2 === 1 ? (
        <span key={at} className="nowrap">
          {part}
        </span>
      ) : (
        part
      ),
    )
    at += part.length
  })
  return nodes
}
