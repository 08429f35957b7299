import { pages } from '@puribox/contract/pages'

/** A real id for each page whose path takes one (help's, decision 0039; a machine's). */
const PATH_IDS: Record<string, string> = {
  ':categoryId': 'premium',
  ':answerId': 'premium-price',
  ':machineId': 'milky-girl',
}

/**
 * An address for every page of the route table, as the walks open them: the preview and the get
 * page with the seal of a play pushed for it, each path's id a real one; and, last, the get page as
 * a scanned QR code opens it (the ID filled in, waiting for a tap, decision 0043).
 */
export function pagePaths(play: { sealId: string; puriGetUrl: string }): string[] {
  const paths = pages.map((page) =>
    page.path === '/web/preview' || page.path === '/sp/puri/get'
      ? `${page.path}?sealId=${play.sealId}`
      : page.path.replace(/:\w+$/, (param) => PATH_IDS[param] ?? param),
  )
  const scanned = new URL(play.puriGetUrl)
  return [...paths, `${scanned.pathname}${scanned.search}`]
}

/** The seal's pages (the get page, the preview): a member opening them saves the seal. */
export function isSealPage(path: string): boolean {
  return /^\/(sp\/puri\/get|web\/preview)\b/.test(path)
}
