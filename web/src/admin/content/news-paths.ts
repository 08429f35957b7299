import { NEWS_STATES, type NewsState } from '@puribox/contract/admin-news'
import { AUDIT_PATH, NEWS_PATH, withQuery } from '../paths'

export { NEWS_PATH }
export const NEW_NEWS_PATH = `${NEWS_PATH}/new`

const part = encodeURIComponent

export const newsItemPath = (newsId: string) => `${NEWS_PATH}/${part(newsId)}`
export const newsEditPath = (newsId: string) => `${newsItemPath(newsId)}/edit`

/** The patterns of the area's screens, as wouter matches them (the fixed ones before the `:id` ones). */
export const NEWS_ROUTES = {
  list: NEWS_PATH,
  create: NEW_NEWS_PATH,
  item: `${NEWS_PATH}/:newsId`,
  edit: `${NEWS_PATH}/:newsId/edit`,
} as const

/** The list's view an address asks for: every state (null), one of them, or a state that is none. */
export type NewsListView = { state: NewsState | null } | { wrong: string }

export function newsViewOfSearch(search: string): NewsListView {
  const state = new URLSearchParams(search).get('state')
  if (state === null || state === '') return { state: null }
  return (NEWS_STATES as readonly string[]).includes(state) ? { state: state as NewsState } : { wrong: state }
}

/** The list's address showing one state, or every one. */
export function newsListPath(state: NewsState | null): string {
  return withQuery(NEWS_PATH, { state: state ?? undefined })
}

/** The audit log's address showing what was done to one item. */
export function newsAuditPath(newsId: string): string {
  return withQuery(AUDIT_PATH, { targetKind: 'news', targetId: newsId })
}
