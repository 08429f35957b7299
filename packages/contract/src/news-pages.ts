import { links } from './pages'

/**
 * The news page and its hash routes (decision 0040), without zod: the web's news screens and the
 * server's demo content build their links from here.
 *
 * `/sp/puri_news?from={where}#/{view}`: `#/all` lists every category, `#/important`, `#/campaign` and
 * `#/info` one category, and `#/{id}` (a UUID) shows one item. Anything else shows the whole list.
 * `from` records the page the person came from (one of NEWS_FROM; anything else is ignored).
 */

export const NEWS_PAGE = links.news

/** News categories (see `news.ts`). */
export const NEWS_CATEGORIES = ['important', 'campaign', 'info'] as const
export type NewsCategory = (typeof NEWS_CATEGORIES)[number]

export function isNewsCategory(value: string): value is NewsCategory {
  return (NEWS_CATEGORIES as readonly string[]).includes(value)
}

/** Where a person may come to the news page from: the back link returns there. */
export const NEWS_FROM = ['top', 'mypage', 'menu', 'banner', 'app'] as const
export type NewsFrom = (typeof NEWS_FROM)[number]

export function newsFromOf(value: string | null): NewsFrom | null {
  return value !== null && (NEWS_FROM as readonly string[]).includes(value) ? (value as NewsFrom) : null
}

export type NewsView = { view: 'list'; category: NewsCategory | null } | { view: 'item'; id: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function newsHash(view: NewsView): string {
  if (view.view === 'item') return `#/${view.id}`
  return `#/${view.category ?? 'all'}`
}

export function parseNewsHash(hash: string): NewsView {
  const name = hash.replace(/^#\/?/, '')
  if (UUID.test(name)) return { view: 'item', id: name.toLowerCase() }
  return { view: 'list', category: isNewsCategory(name) ? name : null }
}

/** The news page showing `view`, having come from `from`. */
export function newsPagePath(view: NewsView, from: NewsFrom): string {
  return `${NEWS_PAGE}?from=${from}${newsHash(view)}`
}
