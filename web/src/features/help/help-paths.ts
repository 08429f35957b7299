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

const pathOf = (param: ':categoryId' | ':answerId') =>
  pages.find((page) => page.path.endsWith(param))?.path ?? links.help

/** `/web/common/help/top/{id}`: a category's questions (the top is `index`). */
export function helpCategoryPath(id: string): string {
  return pathOf(':categoryId').replace(':categoryId', encodeURIComponent(id))
}

/** `/web/common/help/answer/{id}`: one question and its answer. */
export function helpAnswerPath(id: string): string {
  return pathOf(':answerId').replace(':answerId', encodeURIComponent(id))
}

/** The help top with a search in its address (`?q=`), so that a reload keeps it. */
export function helpSearchPath(typed: string): string {
  const top = helpCategoryPath(HELP_TOP_ID)
  const query = readQuery(typed)
  return query === '' ? top : `${top}?${new URLSearchParams({ q: query })}`
}
