import { createElement, type ReactNode } from 'react'
import { createTranslator, shellMessages } from '../../lib/i18n'
import payment from '../../locales/ja/payment.json'

/** Texts of the premium pages, loaded with them (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, payment })

/** A price with its tax note, both forms the texts use (330 yen, tax included); escaped characters. */
const PRICE = /(\d[\d,]*\u5186(?:\uff08\u7a0e\u8fbc\uff09|\u30fb\u7a0e\u8fbc))/

/**
 * A sentence whose prices each stay on one line: it still wraps wherever a Japanese sentence may,
 * never inside a price. Each price is a span of its own around the same characters, so the text
 * copies, searches and reads aloud as written. It lives here, in the module every premium page
 * already loads, because a module of its own would be a chunk whose name the first load's table of
 * lazy chunks has to carry.
 */
export function withWholePrices(text: string): ReactNode {
  const parts = text.split(PRICE)
  if (parts.length === 1) return text
  // Split by a capturing pattern: the prices are the odd parts. Each is keyed by where it starts.
  let at = 0
  return parts.map((part, position) => {
    const node = position % 2 === 1 ? createElement('span', { key: at, className: 'nowrap' }, part) : part
    at += part.length
    return node
  })
}
