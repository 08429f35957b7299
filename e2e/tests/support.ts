import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, test as base, expect, type Page, type TestInfo } from '@playwright/test'
import { pushPlay } from '../../tools/booth-client'
import { codeIn, lastMailTo } from './mailbox'
import { baseURL } from './servers'

declare global {
  interface Window {
    /** Set up by `test` below: hands a Content-Security-Policy violation to the test runner. */
    puriboxCspViolation?: (report: string) => Promise<void>
  }
}

/**
 * Hands on the Content-Security-Policy violations of every page of `context` to `violations`, as
 * they happen (a page left by a navigation loses none), with the browser's own console lines about
 * the policy.
 */
async function watchPolicyViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding('puriboxCspViolation', ({ page }, report: string) => {
    violations.push(`${page.url()}: ${report}`)
  })
  await context.addInitScript(() => {
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const blocked = event.blockedURI || 'inline'
        const where = `${event.sourceFile || 'page'}:${event.lineNumber}`
        void window.puriboxCspViolation?.(
          `${event.effectiveDirective} refused ${blocked} at ${where} (${event.sample})`,
        )
      },
      true,
    )
  })
  context.on('console', (message) => {
    if (/content[- ]security[- ]policy/i.test(message.text())) {
      violations.push(`${message.location().url}: ${message.text()}`)
    }
  })
}

/** A small number from a string (a test's id), the same for the same string. */
function hashOf(text: string): number {
  let hash = 0
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash
}

/**
 * Playwright's `test`, failing every test whose pages break the Content-Security-Policy (decision
 * 0022): an inline script or style without its hash, a style attribute, a form sent elsewhere.
 * Specs import `test` and `expect` from here (security-headers.spec.ts checks it), and a test that
 * needs a second browser (another device of the same person) takes `otherBrowser`, checked alike,
 * instead of making a context of its own, and an operator working in the console takes `laptop`.
 */
export const test = base.extend<{
  cspViolations: string[]
  ownAddress: string
  otherBrowser: BrowserContext
  laptop: BrowserContext
}>({
  // Each test is a person on a phone of their own, with an address of their own (the server trusts
  // X-Forwarded-For from loopback in the tests): the per-address limits (sign-up mails, penalties)
  // see one person's doings, as on a real carrier network, not the whole suite's. A test that sets
  // its own X-Forwarded-For keeps it.
  ownAddress: [
    async ({ context, extraHTTPHeaders }, use, testInfo) => {
      const given = Object.entries(extraHTTPHeaders ?? {}).find(
        ([name]) => name.toLowerCase() === 'x-forwarded-for',
      )
      const n =
        testInfo.workerIndex * 10_000 + testInfo.repeatEachIndex * 1_000 + (hashOf(testInfo.testId) % 1_000)
      const address = given?.[1] ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
      if (!given) await context.setExtraHTTPHeaders({ ...extraHTTPHeaders, 'x-forwarded-for': address })
      await use(address)
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = []
      await watchPolicyViolations(context, violations)
      await use(violations)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
  otherBrowser: async (
    {
      browser,
      cspViolations,
      baseURL,
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      userAgent,
    },
    use,
  ) => {
    // A browser with no cookies of the first, on the same kind of phone.
    const other = await browser.newContext({
      baseURL,
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      userAgent,
    })
    await watchPolicyViolations(other, cspViolations)
    await use(other)
    await other.close()
  },
  // An operator's laptop for the console (/admin): a desktop browser with a laptop's screen, in
  // Japan like the phones, checked alike.
  laptop: async ({ browser, cspViolations, baseURL, locale, timezoneId }, use) => {
    const laptop = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 800 },
      // Not the phone the config's `use` gives every context made here.
      deviceScaleFactor: 1,
      isMobile: false,
      hasTouch: false,
      locale,
      timezoneId,
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    })
    await watchPolicyViolations(laptop, cspViolations)
    await use(laptop)
    await laptop.close()
  },
})

export { baseURL } from './servers'
export { expect }

/**
 * A play pushed by the demo booth (key `dev-booth-key`, seeded at start): regular puris, then raw
 * ones; `proof` marks every one a proof sample (a machine's test print).
 */
export function pushDemoPlay(options: { regular: number; raw: number; proof?: boolean }) {
  return pushPlay({ url: baseURL, key: 'dev-booth-key', width: 600, height: 900, ...options })
}

/**
 * The preview's invitation through mail registration, the happy path (accounts.spec.ts checks each
 * step and its bad input): a new free member, who lands where the registration leads (saving the seal).
 */
export async function signUpFromPreview(
  page: Page,
  name: string,
  via: 'page' | 'header' = 'page',
): Promise<string> {
  const where = via === 'page' ? page.locator('#main') : page.getByRole('banner')
  await where.getByRole('link', { name: '会員登録', exact: true }).click()
  return registerByMail(page, name)
}

/**
 * Mail registration from its first screen (a link to it just tapped), the happy path: a new
 * address, its code from the mailbox, a password and the policies agreed on the same step.
 * Answers the address.
 */
export async function registerByMail(page: Page, name: string): Promise<string> {
  const address = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`
  await page.getByLabel('メールアドレス').fill(address)
  await page.getByRole('button', { name: '確認コードを送る' }).click()
  await page.getByLabel('確認コード（6桁）').fill(codeIn(await lastMailTo(address)))
  await page.getByRole('button', { name: '確認する' }).click()
  await page.getByLabel('パスワード', { exact: true }).fill('sakura-purikura-7')
  await page.getByRole('button', { name: '同意して登録する' }).click()
  // Registered once the sign-up pages are left (the account, its session and agreement are made).
  await expect(page).not.toHaveURL(/\/sp\/account\/(register_email|registerMailSent)/)
  return address
}

/** The demo accounts' password (docs/guide/ground-rules.md; the server seeds them at start). */
export const DEMO_PASSWORD = 'puribox-demo-1'

/** Signs in with a demo account through the login page, and waits until the page has moved on. */
export async function signIn(page: Page, mailAddress: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/web/login/top')
  await page.getByLabel('メールアドレス').fill(mailAddress)
  await page.getByLabel('パスワード', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'ログイン' }).click()
  await expect(page).not.toHaveURL(/\/web\/login\//)
}

/**
 * A new free member made from a fresh play's preview (the free puri saved, the others waiting):
 * answers the play's seal ID.
 */
export async function newMemberFromAPlay(
  page: Page,
  name: string,
  play: { regular: number; raw: number } = { regular: 4, raw: 1 },
): Promise<string> {
  const { sealId } = await pushDemoPlay(play)
  await page.goto(`/web/preview?sealId=${sealId}`)
  await signUpFromPreview(page, name)
  await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()
  return sealId
}

/**
 * The page at 320 and 390 px wide, saved for a person to look at, and nothing wider than the screen
 * at either width; then back to the phone's width.
 *
 * Screenshots are taken at one pixel per CSS pixel (`scale: 'css'`), here and in every spec: at the
 * phone's device scale factor of 3 a long page is nine times the pixels to paint and encode, which
 * on a busy two-core machine ran a full-page screenshot past the test's time limit.
 */
export async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 })
    await page.screenshot({ scale: 'css', path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width}`,
    ).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 390, height: 844 })
}

/** No critical or serious WCAG 2 A/AA violation on the page as it is now (axe). */
export async function expectAccessible(page: Page): Promise<void> {
  const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(a11y.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([])
}
