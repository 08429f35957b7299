import { type PageRoute, pages } from '@puribox/contract/pages'

/** The page of the route table at this path, if any. */
export function findPage(pathname: string): PageRoute | undefined {
  return pages.find((page) => page.path === pathname)
}
