import type { Page } from '@playwright/test'
import { pushPlay } from '../../tools/booth-client'
import { arrived, requestsOf, WIDTHS, walk } from './page-checks'
import { isSealPage, pagePaths } from './route-table'
import { lookURL } from './servers'
import { expect, signIn, test } from './support'

/**
 * The role walk of a guest, a free member, a premium member and a junior-high premium member
 * (page-checks.ts, `walk`: every page opens, fits 320 and 390 px, leads somewhere real, axe finds
 * nothing), and how each page looks at both widths, compared with the screenshots checked in under
 * e2e/look: a change of look is a change a person reviews, baseline and all (e2e/look/README.md
 * says how to draw them again and review them).
 *
 * It runs against a server of its own (tests/servers.ts), a fresh start whose pages show the demo
 * data and nothing another spec made, and it changes nothing there a page shows: a member's walk
 * leaves out a seal's pages, which would save the seal (walk.spec.ts walks them on the shared
 * server). What still differs from one run to the next is painted over (`VARIES`).
 */

/**
 * What differs between runs, painted over in every screenshot: dates, times and countdowns (the
 * demo's plays are shot hours before the server started, a coupon's period counts from the start,
 * the settings list today's sign-in; and tomorrow every date is another), seal IDs (drawn at
 * random when a play is pushed) and coupon codes (drawn when a ticket is granted). Found by what
 * the text says, not where it is (`VARYING_TEXT`).
 */
const VARIES = [
  'time',
  'input[type="date"]',
  'input[type="datetime-local"]',
  'input[type="time"]',
  '[data-look-varies]',
].join(', ')

const VARYING_TEXT = [
  /\d{4}年/, // 2026年11月30日
  /\d{1,2}月\d{1,2}日/, // 12月4日
  /\d{1,2}:\d{2}/, // 18:05
  /\d{4}[/.-]\d{1,2}[/.-]\d{1,2}/, // 2026/11/30
  /あと\s*\d/, // あと6日, あと3時間
  /\d+\s*(?:日|時間|分)前/, // 3日前
  /\b[0-9A-Z]{5}-[0-9A-Z]{5}\b/, // a seal ID as printed: 7KQ2M-XT9PA
  /\b[0-9A-Z]{4} [0-9A-Z]{4}\b/, // a coupon ticket's code, drawn when it is granted: KNNK QM62
]
  .map((pattern) => pattern.source)
  .join('|')

/**
 * Makes what differs between runs the same in every run, before a screenshot: each text that says
 * a date, a time, a seal ID or a code (`VARYING_TEXT`) has its figures written as 00 and its IDs
 * and codes as X's (so that 12月4日 and 12月14日 take the same room and wrap alike) and its element
 * marked to be painted over, and so does any such text the page writes afterwards (a countdown
 * ticking, a list drawn again), before it is painted; and the settings' list of signed-in devices
 * keeps only this one (each part of a member's walk signs in anew, so how many there are depends
 * on which ran first).
 */
async function steady(page: Page): Promise<void> {
  await page.evaluate((source) => {
    const varying = new RegExp(source)
    const settle = (node: Node) => {
      const text = node.textContent ?? ''
      if (!varying.test(text) || !node.parentElement) return
      node.parentElement.setAttribute('data-look-varies', '')
      const same = text
        .replace(/\b[0-9A-Z]{5}-[0-9A-Z]{5}\b/g, 'XXXXX-XXXXX')
        .replace(/\b[0-9A-Z]{4} [0-9A-Z]{4}\b/g, 'XXXX XXXX')
        .replace(/\d+/g, '00')
      // Written only when it differs: writing a text is a change the observer below sees again.
      if (same !== text) node.textContent = same
    }
    const settleAll = (root: Node) => {
      if (root.nodeType === Node.TEXT_NODE) return settle(root)
      const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = texts.nextNode(); node; node = texts.nextNode()) settle(node)
    }
    settleAll(document.body)
    const steadied = window as { lookObserver?: MutationObserver }
    if (!steadied.lookObserver) {
      // A mutation observer's callback runs before the next frame is painted.
      steadied.lookObserver = new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'characterData') settle(record.target)
          for (const added of record.addedNodes) settleAll(added)
        }
      })
      steadied.lookObserver.observe(document.body, { subtree: true, childList: true, characterData: true })
    }
    for (const device of document.querySelectorAll<HTMLElement>('.signed-in-sessions__item')) {
      if (!device.querySelector('.badge')) device.style.display = 'none'
    }
  }, VARYING_TEXT)
}

/** The pages that are the same document for every visitor: a guest's look at them is enough. */
const SAME_FOR_EVERYONE = [
  /^\/sp\/top\/information/,
  /^\/web\/login\//,
  /^\/sp\/account\/register/,
  /^\/sp\/debug\//,
  /^\/sp\/puri_news/,
  /^\/web\/common\//,
  /^\/web\/machines\//,
  /^\/sp\/machine\//,
  /^\/sp\/2\/machines\//,
  /^\/sp\/audition/,
]

/** A member's pages: every page but those that are the same for everyone. */
const membersPages = (path: string) => !SAME_FOR_EVERYONE.some((pattern) => pattern.test(path))

/**
 * The pages where a junior-high premium member's look is their own (the others are a premium
 * member's): their pictures, their settings and profile, the premium page telling them what they
 * have, the plan's own page, and the top page's frame.
 */
const JUNIOR_HIGH_PAGES = [
  /^\/sp\/top\/menu/,
  /^\/sp\/2\/mypage\//,
  /^\/sp\/setting\//,
  /^\/web\/payment$/,
  /^\/sp\/jhs_free/,
]

/** A screen inside my page that the route table does not list (a hash route, a dialog): its name and how to open it. */
type Screen = readonly [name: string, open: (page: Page) => Promise<void>]

interface Role {
  /** Its name in the tests' titles, and the first word of its baselines' names. */
  name: string
  mailAddress: string | null
  /** Which of the pages it walks it compares with a baseline (a guest: all of them). */
  looksAt: (path: string) => boolean
  screens?: readonly Screen[]
}

/** The first picture of my page's newest play, in the full-screen viewer. */
async function openViewer(page: Page): Promise<void> {
  await page.goto('/sp/2/mypage/')
  await page.locator('.saved-grid__button').first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
}

/** The header's menu, open over my page. */
async function openMenu(page: Page): Promise<void> {
  await page.goto('/sp/2/mypage/')
  await page.getByRole('button', { name: 'メニュー' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
}

/** A free member's unsaved pictures, locked, by seal. */
async function openUnsaved(page: Page): Promise<void> {
  await page.goto('/sp/2/mypage/#/puri/unsaved')
}

const ROLES: readonly Role[] = [
  { name: 'guest', mailAddress: null, looksAt: () => true },
  {
    name: 'free',
    mailAddress: 'mini@demo.puribox.jp',
    looksAt: membersPages,
    screens: [['mypage-unsaved', openUnsaved]],
  },
  {
    name: 'premium',
    mailAddress: 'premium@demo.puribox.jp',
    // Not the coupons: a premium member's list is ordered by when each coupon ends, and the month's
    // premium coupon ends with the month, so the order moves with the day of the month.
    looksAt: (path) => membersPages(path) && !path.startsWith('/sp/2/coupon/'),
    screens: [
      ['mypage-viewer', openViewer],
      ['menu', openMenu],
    ],
  },
  {
    name: 'junior-high',
    mailAddress: 'jhs@demo.puribox.jp',
    looksAt: (path) => JUNIOR_HIGH_PAGES.some((pattern) => pattern.test(path)),
  },
]

/** A baseline's name for a page's address: its path and query in dashes (`seal` for a seal's ID). */
function nameOf(path: string): string {
  return path
    .replace(/sealId=\w+/, 'seal')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * Makes the page ready to be drawn whole, as a person who scrolled it to the end would see it: the
 * sections that load as they come near the screen (the blog, the ads) scrolled past and arrived,
 * every picture loaded now (not when scrolled to) and decoded, the fonts in; then back to the top.
 * Without `requests`, the page is not scrolled again: what came at the first width is all there is.
 */
async function drawnWhole(page: Page, requests?: ReturnType<typeof requestsOf>): Promise<void> {
  if (requests) {
    // What the page leaves for when the browser is idle (the top page's lower half) has started:
    // idle callbacks run in the order they were asked for, so this one runs after the page's.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 3000 })))
    await page.evaluate(async () => {
      const frame = () => new Promise(requestAnimationFrame)
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y)
        await frame()
      }
      window.scrollTo(0, 0)
      await frame()
    })
    // Until a round of two frames and the requests they started changes nothing: the page's height,
    // its pictures and how many of them have come (a chunk arriving draws a section, whose data
    // then comes, whose pictures then load).
    let before = ''
    for (let round = 0; round < 10; round++) {
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      )
      await arrived(page, requests)
      const now = await page.evaluate(
        () =>
          `${document.documentElement.scrollHeight} ${document.images.length} ${[...document.images].filter((image) => image.complete).length}`,
      )
      if (now === before) break
      before = now
    }
  }
  await page.evaluate(async () => {
    for (const image of document.images) image.loading = 'eager'
    // A picture that cannot be shown is drawn as the browser shows it (decode refuses it); one
    // without an address yet (an ad's slot before its pick) would never settle, and is left empty.
    await Promise.all(
      [...document.images].filter((image) => image.src).map((image) => image.decode().catch(() => {})),
    )
    await document.fonts.ready
  })
}

/** The page as it is now, at the width it is shown at, against its baseline `<name>-<width>.png`. */
async function looksAsItDid(
  page: Page,
  name: string,
  width: number,
  requests: ReturnType<typeof requestsOf>,
): Promise<void> {
  await drawnWhole(page, width === WIDTHS[0] ? requests : undefined)
  await steady(page)
  // A dialog open (the menu, the viewer) is the screen: what is under it is neither shown nor painted over.
  const dialog = (await page.locator('dialog[open]').count()) > 0
  await expect.soft(page).toHaveScreenshot(`${name}-${width}.png`, {
    fullPage: !dialog,
    mask: [page.locator(dialog ? `dialog[open] :is(${VARIES})` : VARIES)],
  })
}

/**
 * Each role's walk is cut into a few parts of every third page, run as tests of their own: the
 * run's two workers share them evenly.
 */
const PARTS = 3

for (const role of ROLES) {
  for (let part = 1; part <= PARTS; part++) {
    test(`every page opens, fits 320 and 390 px wide, leads somewhere real and looks as it did, as ${role.name} (part ${part} of ${PARTS})`, async ({
      page,
    }) => {
      test.setTimeout(180_000)
      if (role.mailAddress) await signIn(page, role.mailAddress)
      // The same play every time (its pictures drawn from the same seed), for the seal's pages.
      const play = await pushPlay({
        url: lookURL,
        key: 'dev-booth-key',
        width: 600,
        height: 900,
        regular: 2,
        raw: 1,
        seed: 29,
      })
      const paths = pagePaths(play)
        .filter((path) => role.mailAddress === null || !isSealPage(path))
        .filter((_, index) => index % PARTS === part - 1)
      const problems = await walk(page, paths, {
        base: lookURL,
        judge: true,
        atWidth: async (path, width, requests) => {
          if (role.looksAt(path)) await looksAsItDid(page, `${role.name}/${nameOf(path)}`, width, requests)
        },
      })
      expect(problems).toEqual([])
      // The screens inside my page, with the last part.
      if (part !== PARTS) return
      const requests = requestsOf(page)
      for (const [name, open] of role.screens ?? []) {
        await open(page)
        await arrived(page, requests)
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 844 })
          await looksAsItDid(page, `${role.name}/${name}`, width, requests)
        }
      }
    })
  }
}
