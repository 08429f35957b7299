import type { Page } from '@playwright/test'
import { pages } from '@puribox/contract/pages'
import { checkPage, deadLinks, requestsOf } from './page-checks'
import { baseURL, expect, pushDemoPlay, signIn, test } from './support'

/**
 * Every page of the route table, as a guest, a free member, a premium member and inside the native
 * app: it opens (no 404, no error screen), it fits a phone — at 320 px (the narrowest phones still
 * sold) and at 390 px nothing scrolls sideways and no control is cut off at the screen's edge — and
 * every same-origin link and form target on it leads somewhere real, and axe finds nothing on it
 * (inside the app, the free member's pages without the site's frame, it is judged as theirs). A
 * page that needs a seal gets a real one.
 */

/** The members' site's frame: the header and footer, the same on most pages of a role. */
const FRAME = ['.site-header', '.site-footer'] as const

async function walk(page: Page, paths: readonly string[], judge: boolean): Promise<string[]> {
  const problems: string[] = []
  const seen = new Set<string>()
  const requests = requestsOf(page)
  for (const path of paths) {
    const checked = await checkPage(page, path, requests, FRAME, { judge })
    problems.push(...checked.problems)
    for (const target of checked.targets) seen.add(target)
  }
  // Every place a link leads: the server knows it (a page of the route table, or a redirect that
  // ends on one). Asked with the browser's cookies, so members' pages answer as they would.
  problems.push(...(await deadLinks(page, seen, baseURL)))
  return problems
}

/** A real id for each page whose path takes one (help's, decision 0039). */
const PATH_IDS: Record<string, string> = {
  ':categoryId': 'premium',
  ':answerId': 'premium-price',
  ':machineId': 'milky-girl',
}

async function pagePaths(): Promise<string[]> {
  const { sealId, puriGetUrl } = await pushDemoPlay({ regular: 2, raw: 1 })
  const paths = pages.map((page) =>
    page.path === '/web/preview' || page.path === '/sp/puri/get'
      ? `${page.path}?sealId=${sealId}`
      : page.path.replace(/:\w+$/, (param) => PATH_IDS[param] ?? param),
  )
  // The get page as a scanned QR code opens it: the ID filled in, waiting for a tap (decision 0043).
  const scanned = new URL(puriGetUrl)
  return [...paths, `${scanned.pathname}${scanned.search}`]
}

/**
 * Each role's walk is cut into a few parts of every third page, run as tests of their own: the
 * run's two workers share them evenly, where five long walks left one worker walking alone at the
 * end of the run.
 */
const PARTS = 3

for (const role of [
  { name: 'a guest', mailAddress: null, app: false },
  { name: 'a free member', mailAddress: 'mini@demo.puribox.jp', app: false },
  { name: 'a premium member', mailAddress: 'premium@demo.puribox.jp', app: false },
  { name: 'a junior-high premium member', mailAddress: 'jhs@demo.puribox.jp', app: false },
  { name: 'a free member inside the app', mailAddress: 'mini@demo.puribox.jp', app: true },
] as const) {
  for (let part = 1; part <= PARTS; part++) {
    test(`every page opens, fits 320 and 390 px wide, and leads somewhere real, as ${role.name} (part ${part} of ${PARTS})`, async ({
      page,
    }) => {
      test.setTimeout(180_000)
      if (role.mailAddress) await signIn(page, role.mailAddress)
      // The app's web views open a page with ?app=1 once; the session remembers it (no frame).
      if (role.app) await page.goto('/sp/top/menu?app=1')
      const paths = (await pagePaths()).filter((_, index) => index % PARTS === part - 1)
      // axe judges the pages inside the app as the free member's: the same pages, without the
      // site's header and footer (each axe run is half a page's time in the walk).
      expect(await walk(page, paths, !role.app)).toEqual([])
    })
  }
}
