import { HELP_TOP_ID } from '@puribox/contract/help-ids'
import { links, pages } from '@puribox/contract/pages'

/** What is longer than this of a search is not read (a search box, not a text). */
export const HELP_QUERY_MAX = 100

/** A search as far as it is read: nothing when it is only spaces, at most HELP_QUERY_MAX characters. */
export function readQuery(typed: string): string {
  return typed.trim() === '' ? '' : Array.from(typed).slice(0, HELP_QUERY_MAX).join('')
}

/** The search in the address (`?q=`), as far as it is read. */
export function helpQueryOf(search: string): string {
  return readQuery(new URLSearchParams(search).get('q') ?? '')
}

const pathOf = (screen: 'helpCategory' | 'helpAnswer') =>
  pages.find((page) => page.screen === screen)?.path ?? links.help

/** `/web/common/help/top/{id}`: a category's questions (the top is `index`). */
export function helpCategoryPath(id: string): string {
  return pathOf('helpCategory').replace(':categoryId', encodeURIComponent(id))
}

/** `/web/common/help/answer/{id}`: one question and its answer. */
export function helpAnswerPath(id: string): string {
  return pathOf('helpAnswer').replace(':answerId', encodeURIComponent(id))
}

/** The help top with a search in its address (`?q=`), so that a reload keeps it. */
export function helpSearchPath(typed: string): string {
  const top = helpCategoryPath(HELP_TOP_ID)
  const query = readQuery(typed)
  return query === '' ? top : `${top}?${new URLSearchParams({ q: query })}`
}
