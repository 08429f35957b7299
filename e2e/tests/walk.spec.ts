import { walk } from './page-checks'
import { isSealPage, pagePaths } from './route-table'
import { baseURL, expect, pushDemoPlay, signIn, test } from './support'

/**
 * The role walk (page-checks.ts, `walk`): every page of the route table opens (no 404, no error
 * screen), fits a phone at 320 and 390 px, leads somewhere real, and axe finds nothing on it. A
 * guest's, a free member's, a premium member's and a junior-high member's walks are look.spec.ts's,
 * which also compares each page's look with its baseline, on a server that only they use. Here, on
 * the server every other spec shares, are the walks that change what a member has:
 *
 * - inside the native app, a free member's pages without the site's frame (judged by axe as the
 *   free member's, the same pages without the header and footer);
 * - each member opening a seal's pages, which saves the seal to them.
 */

/**
 * The app's walk is cut into a few parts of every third page, run as tests of their own: the run's
 * two workers share them evenly.
 */
const PARTS = 3

for (let part = 1; part <= PARTS; part++) {
  test(`every page opens, fits 320 and 390 px wide, and leads somewhere real, as a free member inside the app (part ${part} of ${PARTS})`, async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await signIn(page, 'mini@demo.puribox.jp')
    // The app's web views open a page with ?app=1 once; the session remembers it (no frame).
    await page.goto('/sp/top/menu?app=1')
    const paths = pagePaths(await pushDemoPlay({ regular: 2, raw: 1 })).filter(
      (_, index) => index % PARTS === part - 1,
    )
    expect(await walk(page, paths, { base: baseURL, judge: false })).toEqual([])
  })
}

for (const member of [
  { name: 'a free member', mailAddress: 'mini@demo.puribox.jp' },
  { name: 'a premium member', mailAddress: 'premium@demo.puribox.jp' },
  { name: 'a junior-high premium member', mailAddress: 'jhs@demo.puribox.jp' },
] as const) {
  test(`a seal's pages open, fit 320 and 390 px wide, and lead somewhere real, as ${member.name}`, async ({
    page,
  }) => {
    await signIn(page, member.mailAddress)
    const paths = pagePaths(await pushDemoPlay({ regular: 2, raw: 1 })).filter(isSealPage)
    expect(await walk(page, paths, { base: baseURL, judge: true })).toEqual([])
  })
}
