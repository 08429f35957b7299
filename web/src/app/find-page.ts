import { isPathOf, type PageRoute, pages } from '@puribox/contract/pages'

/** The page of the route table at this path, if any (help's ids are in their paths). */
export function findPage(pathname: string): PageRoute | undefined {
  return pages.find((page) => isPathOf(page.path, pathname))
}
