import { readdirSync, readFileSync } from 'node:fs'
import { baseURL, expect, test } from './support'

// What the Content-Security-Policy does in a real browser (decision 0022). Every other spec runs
// under it too, and fails on any violation (support.ts).

test('a script injected into a page does not run, and the violation is seen', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/sp/top/menu')
  // The boot script and the app ran: the shell's own inline script is admitted by its hash.
  await expect(page.getByRole('textbox', { name: 'シールID' })).toBeVisible()
  await expect(page.locator('#root')).toHaveAttribute('data-shell', 'prerendered')
  expect(cspViolations).toEqual([])

  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'document.documentElement.dataset.injected = "ran"'
    document.body.append(script)
    const style = document.createElement('div')
    style.setAttribute('style', 'outline: 9px solid red')
    document.body.append(style)
  })
  await expect.poll(() => cspViolations.join('\n')).toContain('script-src-elem refused inline')
  await expect.poll(() => cspViolations.join('\n')).toContain('style-src-attr refused inline')
  expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined()
  // Seen, and meant: not a failure of this test.
  cspViolations.length = 0
})

test('the payment confirmation cannot be framed by another page', async ({ page, cspViolations }) => {
  await page.setContent(`<iframe src="${baseURL}/web/payment/credit" title="framed"></iframe>`)
  await expect.poll(() => cspViolations.join('\n')).toContain("frame-ancestors 'none'")
  const framed = page.frames().find((frame) => frame !== page.mainFrame())
  expect(await framed?.locator('#root').count()).toBe(0)
  cspViolations.length = 0
})

test('every spec takes `test` from support.ts, so that none runs without the violation check', () => {
  const specs = readdirSync(import.meta.dirname).filter((name) => name.endsWith('.spec.ts'))
  expect(specs.length).toBeGreaterThan(1)
  for (const name of specs) {
    const source = readFileSync(`${import.meta.dirname}/${name}`, 'utf8')
    expect(source, name).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\/support'/)
    expect(source, name).not.toMatch(/import \{[^}]*\btest\b[^}]*\} from '@playwright\/test'/)
    expect(source, name).not.toMatch(/\bbrowser\.newContext\(/)
  }
})
