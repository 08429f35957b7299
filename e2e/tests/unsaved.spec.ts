import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, pushDemoPlay, signUpFromPreview, test } from './support'

/** Every picture the locator finds has really loaded (not a broken image). */
async function expectLoaded(page: Page, selector: string, count: number) {
  const pictures = page.locator(selector)
  await expect(pictures).toHaveCount(count)
  // Pictures are made on first request (thumbnails, previews): on a busy machine that takes seconds.
  await expect
    .poll(
      () =>
        pictures.evaluateAll(
          (imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length,
        ),
      { timeout: 15_000 },
    )
    .toBe(count)
}

/** The page at 320 and 390 px wide (the whole page, or only the screen under a dialog). */
async function screenshots(
  page: Page,
  name: string,
  testInfo: { outputPath: (name: string) => string },
  { fullPage = true } = {},
) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: width === 320 ? 568 : 844 })
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ scale: 'css', path: testInfo.outputPath(`${name}-${width}.png`), fullPage })
  }
}

test('a free member with unsaved pictures: the badge → the pictures, locked, by seal → premium', async ({
  page,
}, testInfo) => {
  // A whole journey with a sign-up and twelve screenshots at the phone's pixel ratio: slower than most.
  test.slow()
  // A new free member who saved two plays: one picture of each kept, seven waiting.
  const first = await pushDemoPlay({ regular: 4, raw: 2 })
  await page.goto(`/web/preview?sealId=${first.sealId}`)
  await signUpFromPreview(page, 'unsaved')
  await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()
  const second = await pushDemoPlay({ regular: 3, raw: 0 })
  await page.goto(`/web/mypage?sealId=${second.sealId}`)
  await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()

  // The header's badge counts them and leads to my page, whose switch leads to them.
  const badge = page.getByRole('banner').getByRole('link', { name: 'マイページ 7 枚の未保存のプリ' })
  await expect(badge).toContainText('7')
  await badge.click()
  await expect(page).toHaveURL(/\/sp\/2\/mypage\/#\/puri\/new$/)
  await page.getByRole('link', { name: '未保存のプリ 7枚' }).click()
  await expect(page).toHaveURL(/\/sp\/2\/mypage\/#\/puri\/unsaved$/)
  await expect(page.getByRole('heading', { level: 1, name: '未保存のプリ' })).toBeVisible()

  // Pictures, not a count: the seven as locked previews (the unsaved-one route, never the pictures
  // themselves), by seal, each with its one deadline.
  await expectLoaded(page, 'img[src^="/sp/2/images/unsaved/"]', 7)
  await expect(page.locator('img[src^="/sp/2/mypage/image/"]')).toHaveCount(0)
  const groups = page.getByRole('region').filter({ has: page.getByText('保存期限', { exact: true }) })
  await expect(groups).toHaveCount(2)
  for (const [index, { sealId }] of [first, second].entries()) {
    const group = groups.nth(index)
    await expect(group).toContainText(`${sealId.slice(0, 5)}-${sealId.slice(5)}`)
    await expect(group).toContainText(/\d+月\d+日 \d\d:\d\dまで（あと6日）/)
  }
  await expect(groups.nth(0).getByRole('img')).toHaveCount(5)
  const offer = page.getByRole('region', { name: 'プレミアム会員なら、すべて残せます' })
  await expect(offer).toContainText('ここにある7枚がすべて保存されます')
  await screenshots(page, '1-unsaved', testInfo)
  const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(a11y.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([])

  // My page: each play's saved picture and its locked ones; the viewer counts them all.
  await page.getByRole('link', { name: '保存したプリを見る' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible()
  const play = page.getByRole('region', { name: /6枚中1枚を保存/ })
  await expect(play.getByRole('button', { name: /（未保存( らくがき前)?）を大きく見る/ })).toHaveCount(5)
  await expectLoaded(page, 'img[src^="/sp/2/mypage/image/"]', 2)
  await expectLoaded(page, 'img[src^="/sp/2/images/unsaved/"]', 7)
  await screenshots(page, '2-mypage', testInfo)
  await play.getByRole('button', { name: '1枚目を大きく見る' }).click()
  const viewer = page.getByRole('dialog', { name: 'プリを表示' })
  await expect(viewer.getByText('1 / 6')).toBeVisible()
  await viewer.getByRole('button', { name: '次のプリ' }).click()
  await expect(viewer.getByText('2 / 6')).toBeVisible()
  await expect(viewer.getByText('このプリは未保存です')).toBeVisible()
  await expect(viewer.getByRole('link', { name: 'スマホに保存' })).toHaveCount(0)
  await expectLoaded(page, 'dialog img[src^="/sp/2/images/unsaved/"]', 1)
  await screenshots(page, '3-viewer-locked', testInfo, { fullPage: false })
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()

  // Beside the title, the way back to them; and from them, the premium page.
  await page.getByRole('link', { name: '未保存のプリ 7枚' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '未保存のプリ' })).toBeVisible()
  await offer.getByRole('link', { name: 'プレミアム会員になって保存する' }).click()
  await expect(page).toHaveURL(/\/web\/payment$/)
  await expect(page.getByRole('heading', { name: 'プレミアム会員', level: 1 })).toBeVisible()
})
