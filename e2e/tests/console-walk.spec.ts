import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { CONSOLE_SECTIONS, HOME_PATH, MEMBERS_PATH, SEALS_PATH, withQuery } from '../../web/src/admin/paths'
import { signInToConsole, testOperator } from './console'
import { WALK_OPERATORS } from './operators'
import { checkPage, deadLinks, requestsOf } from './page-checks'
import { baseURL, expect, pushDemoPlay, test } from './support'

/**
 * The console as each operator role sees it — viewer, support, editor, admin: from the home and
 * every section of the menu, each screen its links lead to opens (no "not found", no error screen,
 * no data that failed to load), fits a phone at 320 and 390 px, axe finds nothing on it, and it is
 * a screen the role may use (a role is never shown a way into a screen that only tells it it may
 * not). Links out of the console (a seal's page, a member's) and to its API (a CSV) must answer.
 *
 * The console has screens of a kind per thing (a news item, a shop, a member): the walk opens one
 * of each kind, the first its links reach, rather than every item of the demo data.
 */

/** The console's frame: its header (the bar and the menu), the same on every screen of a role. */
const FRAME = ['.console-header'] as const

/** Path segments that are words of the console's addresses; any other segment is an item's id. */
const WORDS = new Set([
  ...CONSOLE_SECTIONS.flatMap((section) => section.path.split('/')),
  ...['new', 'edit', 'shops', 'machines', 'models', 'import', 'answers', 'categories', 'spaces'],
  ...['banners', 'versions', 'give', 'new-space'],
])

/** The kind of screen a console path shows: its path with each item's id as `:id`, no query. */
function kindOf(target: string): string {
  const pathname = target.split(/[?#]/)[0] ?? ''
  return pathname
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (WORDS.has(segment) ? segment : ':id'))
    .join('/')
}

/**
 * Kinds of screen the walk does not open although a link may lead there: a junior-high
 * application's, since the demo data has none and one exists only once the journeys have sent one
 * (walking it some runs and not others would make the walk's outcome depend on their timing). The
 * journeys open one (console-journeys.spec.ts).
 */
const NOT_WALKED = new Set(['/admin/applications/:id'])

/** A screen of the console (not its API, its files or the sign-in screen, which a link leaves for). */
function isConsoleScreen(target: string): boolean {
  const pathname = target.split(/[?#]/)[0] ?? ''
  if (pathname !== HOME_PATH && !pathname.startsWith(`${HOME_PATH}/`)) return false
  return !/^\/admin\/(?:api|assets|login)(?:\/|$)/.test(pathname)
}

/**
 * What the console says when a role opens a screen it may not use: the `notAllowed` sentences of the
 * console's locale files that speak of the screen (「この画面は…」; each area says it in its own
 * words). The others tell a role which part of a screen it does not see (a certificate's pictures, a
 * seal's): the screen is still the role's.
 */
const NOT_ALLOWED: readonly string[] = (() => {
  const folder = path.join(import.meta.dirname, '../../web/src/locales/ja')
  const found: string[] = []
  const collect = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (key === 'notAllowed' && value.startsWith('この画面は')) found.push(value)
    } else if (value && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) collect(inner, key === 'notAllowed' ? key : name)
    }
  }
  for (const file of readdirSync(folder).filter((name) => /^admin.*\.json$/.test(name))) {
    collect(JSON.parse(readFileSync(path.join(folder, file), 'utf8')), '')
  }
  return found
})()

/** What a screen shows that it should not: a refusal for this role, or data that did not load. */
async function refusals(page: Page): Promise<string[]> {
  const found: string[] = []
  const main = page.locator('main')
  const text = (await main.textContent()) ?? ''
  for (const refusal of NOT_ALLOWED) if (text.includes(refusal)) found.push(`says 「${refusal}」`)
  for (const alert of await main.locator('.notice--error[role="alert"]').all()) {
    if (await alert.isVisible())
      found.push(`shows 「${((await alert.textContent()) ?? '').trim().slice(0, 60)}」`)
  }
  return found
}

/**
 * What the walk starts from besides the menu, made for it so that every run walks the same kinds of
 * screen whatever other tests did first: a member found by mail address (their page links on to
 * their sessions and saved seals), a seal a booth has just pushed, and a guest's inquiry in the inbox.
 */
async function startingPoints(request: APIRequestContext, role: string): Promise<string[]> {
  const { sealId } = await pushDemoPlay({ regular: 2, raw: 1 })
  const sent = await request.post('/sp/2/inquiries', {
    // Each role's walk sends from an address of its own: guests may send ten an hour from one.
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'x-forwarded-for': `198.51.100.${11 + WALK_OPERATORS.findIndex((walker) => walker.role === role)}`,
    },
    data: {
      idempotencyKey: randomUUID(),
      topic: 'other',
      text: 'コンソールの巡回のためのお問い合わせです。',
      mailAddresses: [`walk-${role}@example.com`],
    },
  })
  expect(sent.status(), await sent.text()).toBe(200)
  return [withQuery(MEMBERS_PATH, { mailAddress: 'premium@demo.puribox.jp' }), `${SEALS_PATH}/${sealId}`]
}

/** At most this many kinds of screen per role: past it the walk says so rather than running on. */
const MOST_KINDS = 80

/**
 * Opens a console path as its own links do, without loading the page again: the console is one
 * page that draws each screen from its address (a whole load per screen was half the walk's time).
 */
async function openInConsole(page: Page, target: string): Promise<string | null> {
  await page.evaluate((path) => window.history.pushState(null, '', path), target)
  return null
}

async function walkConsole(page: Page, start: readonly string[], judge: boolean): Promise<string[]> {
  const problems: string[] = []
  const requests = requestsOf(page)
  const queue = [HOME_PATH, ...CONSOLE_SECTIONS.map((section) => section.path), ...start]
  const kinds = new Set(queue.map(kindOf))
  const outside = new Set<string>()
  for (let next = 0; next < queue.length; next++) {
    const at = queue[next] as string
    const checked = await checkPage(page, at, requests, FRAME, {
      // The first screen is loaded whole, as a person opening the console does.
      open: next === 0 ? undefined : (path) => openInConsole(page, path),
      judge,
    })
    problems.push(...checked.problems)
    for (const refusal of await refusals(page)) problems.push(`${at}: ${refusal}`)
    for (const target of checked.targets) {
      if (!isConsoleScreen(target)) {
        outside.add(target)
        continue
      }
      const kind = kindOf(target)
      if (kinds.has(kind) || NOT_WALKED.has(kind)) continue
      if (kinds.size >= MOST_KINDS) {
        problems.push(`more than ${MOST_KINDS} kinds of screen: raise MOST_KINDS if the console has grown`)
        break
      }
      kinds.add(kind)
      queue.push(target)
    }
  }
  // Every place a link leads out of the console's screens answers (asked with the operator's
  // cookies, as the browser would): a member's page, a seal's, a CSV of the console's API.
  problems.push(...(await deadLinks(page, outside, baseURL)))
  test
    .info()
    .annotations.push({ type: 'screens', description: `${kinds.size} kinds: ${[...kinds].join(' ')}` })
  return problems
}

/**
 * The roles whose screens axe judges: the admin's, who sees every screen with every control. The
 * other roles' screens are the same screens with fewer controls (and personal data masked for the
 * viewer); their walks check the rest. Each axe run is most of a screen's time.
 */
const JUDGED_AS: readonly string[] = ['admin']

// One test per role, each with an operator of its own: the server takes an authenticator code
// once, so two tests signing in as one operator within 30 seconds would refuse each other.
for (const operator of WALK_OPERATORS) {
  test(`every console screen opens, fits 320 and 390 px wide, and leads somewhere real, as ${operator.role}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000)
    const start = await startingPoints(request, operator.role)
    await signInToConsole(page, await testOperator(operator))
    expect(await walkConsole(page, start, JUDGED_AS.includes(operator.role))).toEqual([])
  })
}
