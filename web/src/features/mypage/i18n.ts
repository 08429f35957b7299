import { createElement, type ReactNode } from 'react'
import { createTranslator, shellMessages } from '../../lib/i18n'
import mypage from '../../locales/ja/mypage.json'
import mypageList from '../../locales/ja/mypageList.json'
import seal from '../../locales/ja/seal.json'

/** Texts of saving and of my page, loaded with their screens (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, mypage, mypageList, seal })

/** A price with its tax note, both forms the texts use (330 yen, tax included); escaped characters. */
const PRICE = /(\d[\d,]*\u5186(?:\uff08\u7a0e\u8fbc\uff09|\u30fb\u7a0e\u8fbc))/

/**
 * A sentence whose prices each stay on one line, as the premium pages' `withWholePrices` does
 * (features/payment/i18n.ts). A copy on purpose: a module both features import would be a lazy
 * chunk of its own, and the first load's table of lazy chunks would carry its name, which the
 * first-load budget has no room for. A change to one is made to both.
 */
export function withWholePrices(text: string): ReactNode {
  const parts = text.split(PRICE)
  if (parts.length === 1) return text
  let at = 0
  return parts.map((part, position) => {
    const node = position % 2 === 1 ? createElement('span', { key: at, className: 'nowrap' }, part) : part
    at += part.length
    return node
  })
}
