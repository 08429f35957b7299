import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * What the page walks check on every page they open, as members (walk.spec.ts) and as operators
 * (console-walk.spec.ts): it opens (no 404, no error screen), it fits a phone — at 320 px (the
 * narrowest phones still sold) and at 390 px nothing scrolls sideways and no control is cut off at
 * the screen's edge — axe finds nothing on it, and where its links lead.
 */

export const WIDTHS = [320, 390] as const

/** A phone's screen height (the config's viewport), at both widths. */
const PHONE_HEIGHT = 844

/** What does not fit: the page's sideways overflow, and each tappable thing reaching past an edge. */
export async function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const found: string[] = []
    const overflow = document.documentElement.scrollWidth - width
    if (overflow > 0) found.push(`the page scrolls sideways by ${overflow}px`)
    const scrollsSideways = (element: Element) => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        const x = getComputedStyle(up).overflowX
        if ((x === 'auto' || x === 'scroll') && up.scrollWidth > up.clientWidth) return true
      }
      return false
    }
    for (const control of document.querySelectorAll(
      'a[href], button, input, select, textarea, [role="button"]',
    )) {
      const box = control.getBoundingClientRect()
      const style = getComputedStyle(control)
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue
      if (control.closest('[aria-hidden="true"], .visually-hidden, .skip-link')) continue
      // A control in a strip that scrolls sideways on purpose is reached by scrolling it.
      if (scrollsSideways(control)) continue
      if (box.left < -0.5 || box.right > width + 0.5) {
        const name =
          (control.textContent ?? '').trim().slice(0, 30) || control.getAttribute('aria-label') || ''
        found.push(
          `${control.tagName.toLowerCase()} "${name}" spans ${Math.round(box.left)}–${Math.round(box.right)}px`,
        )
      }
    }
    return found
  })
}

/** Where the page's links and GET forms lead on this site (hash and all, as a person would go). */
export async function targets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const add = (value: string | null) => {
      if (!value) return
      const url = new URL(value, window.location.href)
      if (url.origin === window.location.origin) found.push(`${url.pathname}${url.search}`)
    }
    for (const link of document.querySelectorAll('a[href]')) add(link.getAttribute('href'))
    for (const form of document.querySelectorAll('form[action]')) {
      // A POST form is an action (a request of its own, checked by its route test), not a place.
      if ((form.getAttribute('method') ?? 'get').toLowerCase() === 'get') add(form.getAttribute('action'))
    }
    return found
  })
}

/** The screen says it broke, or that the page is not there. */
export async function errorScreen(page: Page): Promise<string | null> {
  for (const title of ['ページを表示できませんでした', 'ページが見つかりません']) {
    if (await page.getByRole('heading', { name: title }).count()) return title
  }
  return null
}

/**
 * Waits until the page has no request on its way and has asked nothing new for 150 ms: its data has
 * come and its screen shows it. Some pages keep asking (the payment result waits for the gateway):
 * they get four seconds, not forever. Playwright's `networkidle` waits for 500 ms of quiet on every
 * page, which was most of the walk's time (five roles, sixty pages each).
 */
export function requestsOf(page: Page) {
  let onTheirWay = 0
  let lastChange = Date.now()
  page.on('request', () => {
    onTheirWay += 1
    lastChange = Date.now()
  })
  const ended = () => {
    onTheirWay = Math.max(0, onTheirWay - 1)
    lastChange = Date.now()
  }
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return {
    async settle() {
      await page.waitForLoadState('load')
      const giveUpAt = Date.now() + 4_000
      while (Date.now() < giveUpAt && (onTheirWay > 0 || Date.now() - lastChange < 150)) {
        await page.waitForTimeout(25)
      }
    },
  }
}

/**
 * The parts of a page axe judges apart: the site's header and footer, the same on most pages of a
 * role, and the rest. Each part is named by a digest of its markup (with the attributes of the html
 * and body elements, which styles depend on), so markup axe has already judged is not judged again:
 * the header of every page, and pages that look the same to every role (help, news, the policies).
 * The walk's time was mostly axe judging the same markup over and over (five roles, sixty pages).
 */
async function partsOf(
  page: Page,
  frame: readonly string[],
): Promise<{ selector: string | null; digest: string }[]> {
  const markup = await page.evaluate((frame) => {
    const root = `${document.documentElement.getAttributeNames().map((name) => `${name}=${document.documentElement.getAttribute(name)}`)}|${document.body.getAttributeNames().map((name) => `${name}=${document.body.getAttribute(name)}`)}`
    const rest = document.body.cloneNode(true) as HTMLElement
    for (const selector of frame) for (const element of rest.querySelectorAll(selector)) element.remove()
    return [
      ...frame.map((selector) => ({
        selector,
        html: `${root}|${[...document.querySelectorAll(selector)].map((element) => element.outerHTML).join('')}`,
      })),
      { selector: null, html: `${root}|${document.title}|${rest.outerHTML}` },
    ]
  }, frame)
  return markup.map(({ selector, html }) => ({
    selector,
    // React's generated ids (`_r_3_`) depend on what mounted before, and the prerendered shell's
    // marker on whether the page was the first one opened: neither changes what axe finds.
    // The console's menu marks the section open (`aria-current`), which axe judges the same anywhere.
    digest: createHash('sha256')
      .update(
        html
          .replace(/_r_[0-9a-z]+_/g, '_r_')
          .replace(' data-shell="prerendered"', '')
          .replace(/ aria-current="page"/g, ''),
      )
      .digest('hex'),
  }))
}

/** Digests axe found nothing in, shared by the walk's workers through a folder of this run's. */
const judged = {
  // The run's own data folder (made fresh by the config for each run), so nothing carries over.
  folder: join(process.env.E2E_DATA_DIR ?? '', 'axe-judged'),
  has(digest: string) {
    return existsSync(join(this.folder, digest))
  },
  add(digest: string) {
    mkdirSync(this.folder, { recursive: true })
    writeFileSync(join(this.folder, digest), '')
  },
}

/** axe's violations in the parts of the page it has not judged yet, one line each with the elements. */
async function accessibilityViolations(page: Page, frame: readonly string[]): Promise<string[]> {
  const parts = await partsOf(page, frame)
  const fresh = parts.filter((part) => !judged.has(part.digest))
  if (fresh.length === 0) return []
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ])
  // Also the label-in-name check, still marked experimental by axe: a control whose accessible name
  // does not contain the words it shows cannot be operated by voice ("tap My page").
  builder = builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
  // A frame part judged before is left out; the rest of the page is always in the run when anything
  // is, since the page-wide rules (one main landmark, a level-one heading, unique ids) belong to it.
  for (const part of parts) {
    if (part.selector && !fresh.includes(part)) builder = builder.exclude(part.selector)
  }
  const { violations } = await builder.analyze()
  if (violations.length === 0) for (const part of fresh) judged.add(part.digest)
  return violations.map(
    (violation) =>
      `axe ${violation.id} (${violation.impact}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 5)
        .join(', ')}${violation.nodes.length > 5 ? ` and ${violation.nodes.length - 5} more` : ''}`,
  )
}

/**
 * Waits until the screen just opened has arrived: its requests settled, and a screen still loading
 * (a redirect to sign in on its way, a lazy screen arriving, its data on the way after it) shown
 * with what it asked for then. (Some keep asking, as the payment result waits for the gateway: they
 * are taken as they are after 4 s.)
 */
export async function arrived(page: Page, requests: ReturnType<typeof requestsOf>): Promise<void> {
  await requests.settle()
  if (await page.locator('.loading-state').count()) {
    await page
      .waitForFunction(() => !document.querySelector('.loading-state'), null, { timeout: 4_000 })
      .catch(() => {})
    await requests.settle()
  }
}

/** The site's frame, judged by axe apart from the rest of each page (see `partsOf`). */
export type Frame = readonly string[]

/**
 * Opens `path` and checks it: the problems found, one line each, and the same-origin places its
 * links and GET forms lead to. `requests` is `requestsOf(page)`, made once per page object.
 */
export async function checkPage(
  page: Page,
  path: string,
  requests: ReturnType<typeof requestsOf>,
  frame: Frame,
  options: {
    /**
     * Opens the path some other way than loading it whole (a single-page app's own navigation),
     * resolving to the problem it met if any.
     */
    open?: (path: string) => Promise<string | null>
    /** Whether axe judges this page (a walk may leave a page to another role's walk). */
    judge?: boolean
    /** Called at each width once the page fits it (the look takes its screenshot there). */
    atWidth?: (width: number) => Promise<void>
  } = {},
): Promise<{ problems: string[]; targets: string[] }> {
  const problems: string[] = []
  await page.setViewportSize({ width: WIDTHS[0], height: PHONE_HEIGHT })
  if (options.open) {
    const problem = await options.open(path)
    if (problem) problems.push(`${path}: ${problem}`)
  } else {
    const response = await page.goto(path)
    if (!response || response.status() >= 400) problems.push(`${path}: HTTP ${response?.status()}`)
  }
  await arrived(page, requests)
  const broken = await errorScreen(page)
  if (broken) problems.push(`${path}: shows 「${broken}」`)
  const found = await targets(page)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: PHONE_HEIGHT })
    await page.evaluate(() => new Promise(requestAnimationFrame))
    for (const misfit of await misfits(page)) problems.push(`${path} at ${width}px: ${misfit}`)
    await options.atWidth?.(width)
  }
  // What a screen reader, a keyboard or poor eyesight meets: axe's WCAG 2.1 A and AA rules and
  // its best practices and its label-in-name check, every violation whatever its impact.
  if (options.judge !== false) {
    for (const violation of await accessibilityViolations(page, frame)) problems.push(`${path}: ${violation}`)
  }
  return { problems, targets: found }
}

/**
 * The places among `targets` that answer 400 or worse (a redirect followed to its end), one line
 * each. Asked with the page's cookies, as the browser would, eight at a time: one after another,
 * a walk's hundred links were a third of its time.
 */
export async function deadLinks(page: Page, targets: Iterable<string>, base: string): Promise<string[]> {
  const queue = [...targets]
  const dead: string[] = []
  const ask = async () => {
    for (let target = queue.shift(); target !== undefined; target = queue.shift()) {
      const answer = await page.request.get(new URL(target, base).toString())
      if (answer.status() >= 400) dead.push(`a link to ${target}: HTTP ${answer.status()}`)
    }
  }
  await Promise.all(Array.from({ length: 8 }, ask))
  return dead.sort()
}

/**
 * A role's walk through `paths`, each opened whole and checked (`checkPage`), then every place
 * their links lead asked of the server at `base` (a page of the route table, or a redirect that
 * ends on one), with the browser's cookies so members' pages answer as they would. `atWidth` is
 * called for each page at each width (the look's screenshots). The problems, one line each.
 */
export async function walk(
  page: Page,
  paths: readonly string[],
  options: {
    base: string
    judge: boolean
    atWidth?: (path: string, width: number, requests: ReturnType<typeof requestsOf>) => Promise<void>
  },
): Promise<string[]> {
  const problems: string[] = []
  const seen = new Set<string>()
  const requests = requestsOf(page)
  for (const path of paths) {
    const checked = await checkPage(page, path, requests, FRAME, {
      judge: options.judge,
      atWidth: options.atWidth && ((width) => options.atWidth?.(path, width, requests) ?? Promise.resolve()),
    })
    problems.push(...checked.problems)
    for (const target of checked.targets) seen.add(target)
  }
  problems.push(...(await deadLinks(page, seen, options.base)))
  return problems
}

/** The members' site's frame: the header and footer, the same on most pages of a role. */
const FRAME = ['.site-header', '.site-footer'] as const
