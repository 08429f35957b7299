import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support'

/** Every information page and the title its shipped version has (decision 0038). */
const PAGES = [
  ['terms', '利用規約'],
  ['privacyPolicy', 'プライバシーポリシー'],
  ['puriTerms', 'プリ利用規約'],
  ['paymentTerms', 'プレミアム会員規約'],
  ['paymentProvider', '決済サービスについて'],
  ['operatingPolicy', '運営ポリシー'],
  ['privacy', '個人情報の取り扱いについて'],
  ['externalTransmission', 'PuriBox特約（情報の外部送信）'],
] as const

/** Nothing on the page is wider than the screen (long words, links and tables wrap or stack). */
async function expectFits(page: Page) {
  const { viewport, widest } = await page.evaluate(() => ({
    viewport: document.documentElement.clientWidth,
    widest: Math.max(
      document.documentElement.scrollWidth,
      ...[...document.querySelectorAll('main *')].map((element) => element.getBoundingClientRect().right),
    ),
  }))
  expect(widest).toBeLessThanOrEqual(viewport + 0.5)
}

test.describe('information pages on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  for (const [name, title] of PAGES) {
    test(`${title}: the text in force, with its date and version, and the other documents`, async ({
      page,
    }, testInfo) => {
      await page.goto(`/web/common/information/${name}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.getByText('2026年4月1日 公開', { exact: true })).toBeVisible()
      await expect(page.getByText('版：2026-04-01', { exact: true })).toBeVisible()
      await expect(page).toHaveTitle(`${title} | PuriBox`)
      const article = page.getByRole('article')
      expect(await article.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2)
      await expect(article).toContainText('2026年4月1日 制定')
      const others = page.getByRole('navigation', { name: 'ほかの規約・ポリシー' })
      await expect(others.getByRole('link')).toHaveCount(8)
      await expect(others.getByRole('link', { name: '特定商取引法に基づく表記' })).toBeVisible()
      await expectFits(page)
      await page.screenshot({ scale: 'css', path: testInfo.outputPath(`${name}-320.png`), fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await expectFits(page)
      await page.screenshot({ scale: 'css', path: testInfo.outputPath(`${name}-390.png`), fullPage: true })
    })
  }

  test('the external-transmission list stacks each company into a card a phone can read', async ({
    page,
  }) => {
    await page.goto('/web/common/information/externalTransmission')
    const table = page.getByRole('table')
    await expect(table.getByRole('row')).toHaveCount(6)
    const google = table.getByRole('row').filter({ hasText: 'Google アナリティクス' })
    await expect(google.getByRole('cell').first()).toContainText('Google LLC')
    // Each cell says which column it is, as the column names are out of sight on a phone.
    const label = await google
      .getByRole('cell')
      .nth(1)
      .evaluate((cell) => getComputedStyle(cell, '::before').content)
    expect(label).toBe('"送信する情報"')
    const optOut = google.getByRole('link', { name: /オプトアウト アドオン/ })
    await expect(optOut).toHaveAttribute('href', 'https://tools.google.com/dlpage/gaoptout?hl=ja')
    await expect(optOut).toHaveAttribute('target', '_blank')
    await expectFits(page)
  })

  test('a long document has a folded table of contents, whose links go to the chapters', async ({ page }) => {
    await page.goto('/web/common/information/terms')
    // Folded at first: the chapters would fill the screen before the text.
    await expect(page.getByRole('navigation', { name: '目次' })).toBeHidden()
    await page.getByText('目次（16項目）').click()
    const contents = page.getByRole('navigation', { name: '目次' })
    await contents.getByRole('link', { name: '第10条（退会）' }).click()
    await expect(page).toHaveURL(/\/web\/common\/information\/terms#doc-s\d+$/)
    await expect(page.getByRole('heading', { level: 2, name: '第10条（退会）' })).toBeInViewport()
    const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(a11y.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([])
  })

  test('an unknown version is a 404 of the page, with the way to the one in force', async ({
    page,
  }, testInfo) => {
    await page.goto('/web/common/information/privacyPolicy?version=1999-01-01')
    await expect(page.getByRole('alert')).toContainText('指定された版が見つかりません')
    await expect(page.getByRole('alert')).toContainText('「1999-01-01」という版はありません。')
    await page.screenshot({
      scale: 'css',
      path: testInfo.outputPath('unknown-version-320.png'),
      fullPage: true,
    })
    await page.getByRole('link', { name: '最新の版を見る' }).click()
    await expect(page).toHaveURL(/\/web\/common\/information\/privacyPolicy$/)
    await expect(page.getByText('版：2026-04-01', { exact: true })).toBeVisible()
  })

  test('the commercial-law notice lists the other documents too', async ({ page }) => {
    await page.goto('/web/common/information/commercialLaw')
    const others = page.getByRole('navigation', { name: 'ほかの規約・ポリシー' })
    await others.getByRole('link', { name: 'プレミアム会員規約' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('プレミアム会員規約')
    await expectFits(page)
  })

  test("the agreement page's links open the texts of the versions it asks for", async ({ page, context }) => {
    await signIn(page, 'mini@demo.puribox.jp')
    await page.goto('/sp/privacy_policy/agreement')
    for (const [name, linkName, title] of [
      ['privacyPolicy', 'プライバシーポリシーの全文を読む', 'プライバシーポリシー'],
      ['externalTransmission', 'PuriBox特約（情報の外部送信）の全文を読む', 'PuriBox特約（情報の外部送信）'],
    ] as const) {
      const link = page.getByRole('link', { name: new RegExp(linkName.replace(/[()（）]/g, '.')) })
      await expect(link).toHaveAttribute('href', `/web/common/information/${name}?version=2026-04-01`)
      const [opened] = await Promise.all([context.waitForEvent('page'), link.click()])
      await expect(opened.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(opened.getByText('版：2026-04-01', { exact: true })).toBeVisible()
      await expect(opened).toHaveURL(new RegExp(`/web/common/information/${name}\\?version=2026-04-01$`))
      await opened.close()
    }
  })
})
