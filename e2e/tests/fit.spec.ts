import type { Page } from '@playwright/test'
import { pages } from '@puribox/contract/pages'
import { expect, pushDemoPlay, signIn, test } from './support'

/**
 * Every page fits a phone: at 320 px (the narrowest phones still sold) and at 390 px, as a guest,
 * a free member and a premium member, nothing scrolls sideways and no control is cut off at the
 * screen's edge. A page that needs a seal gets a real one.
 */

const WIDTHS = [320, 390] as const

/** What does not fit: the page's sideways overflow, and each tappable thing reaching past an edge. */
async function misfits(page: Page): Promise<string[]> {
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

async function settle(page: Page) {
  // Some pages keep asking (the payment result waits for the gateway): give them a moment, not forever.
  await page.waitForLoadState('networkidle', { timeout: 4_000 }).catch(() => undefined)
}

async function walk(page: Page, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = []
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 700 })
    await page.goto(path)
    await settle(page)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 700 })
      await page.evaluate(() => new Promise(requestAnimationFrame))
      for (const misfit of await misfits(page)) problems.push(`${path} at ${width}px: ${misfit}`)
    }
  }
  return problems
}

/** A real id for each page whose path takes one (help's, decision 0039). */
const PATH_IDS: Record<string, string> = { ':categoryId': 'premium', ':answerId': 'premium-price' }

async function pagePaths(): Promise<string[]> {
  const { sealId } = await pushDemoPlay({ regular: 2, raw: 1 })
  return pages.map((page) =>
    page.path === '/web/preview' || page.path === '/sp/puri/get'
      ? `${page.path}?sealId=${sealId}`
      : page.path.replace(/:\w+$/, (param) => PATH_IDS[param] ?? param),
  )
}

for (const role of [
  { name: 'a guest', mailAddress: null },
  { name: 'a free member', mailAddress: 'mini@demo.puribox.jp' },
  { name: 'a premium member', mailAddress: 'premium@demo.puribox.jp' },
] as const) {
  test(`every page fits 320 and 390 px wide, as ${role.name}`, async ({ page }) => {
    test.setTimeout(120_000)
    if (role.mailAddress) await signIn(page, role.mailAddress)
    expect(await walk(page, await pagePaths())).toEqual([])
  })
}
