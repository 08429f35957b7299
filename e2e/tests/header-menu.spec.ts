import type { Page, TestInfo } from '@playwright/test'
import { expect, pushDemoPlay, signIn, test } from './support'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }

/** The header menu, opened at 320 and 390 px wide (the 320 px one as tall as a first iPhone SE). */
async function menuScreenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: width === 320 ? 568 : 844 })
    await page.getByRole('button', { name: 'メニュー' }).click()
    await expect(page.getByText('ログイン中の会員')).toBeAttached()
    await page.screenshot({ scale: 'css', path: testInfo.outputPath(`${name}-${width}.png`) })
    await page.getByRole('button', { name: 'メニュー' }).click()
  }
}

test.describe('the header menu says who is signed in', () => {
  test('a free member: nickname and picture on the header and at the top of the menu, asked for once', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'mini@demo.puribox.jp')
    // A picture of the member's own as the profile picture: a play saved, its original chosen.
    const { sealId } = await pushDemoPlay({ regular: 1, raw: 0 })
    await page.goto(`/web/mypage?sealId=${sealId}`)
    await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()
    const plays = await (await page.request.get('/sp/2/mypage/plays?page=1')).json()
    const original = await (await page.request.get(plays.entity.items[0].images[0].originalUrl)).body()
    const saved = await page.request.post('/sp/profile', {
      headers: XHR,
      multipart: {
        profile: JSON.stringify({ nickname: 'さくら', birthday: null, gender: null, prefectureName: null }),
        image: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: original },
      },
    })
    expect(saved.status()).toBe(200)

    const summaries: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/sp/profile/summary')) summaries.push(request.url())
    })
    await page.goto('/sp/2/mypage/')
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible()
    // The header's button says who is signed in, with their picture.
    const button = page.getByRole('banner').getByRole('link', { name: /^さくら マイページ/ })
    await expect(button).toBeVisible()
    await expect
      .poll(() => button.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    expect(summaries).toHaveLength(1)

    await page.getByRole('button', { name: 'メニュー' }).click()
    const menu = page.getByRole('navigation', { name: 'サイトメニュー' })
    await expect(menu.getByText('さくら')).toBeVisible()
    await expect(menu.getByText('無料会員')).toBeVisible()
    const picture = menu.locator('img.menu-profile__avatar')
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    await expect(menu.locator('.premium-mark')).toHaveCount(0)
    // The menu reads the answer the header asked for.
    expect(summaries).toHaveLength(1)
    await page.getByRole('button', { name: 'メニュー' }).click()
    await menuScreenshots(page, testInfo, 'menu-free')
  })

  test('a premium member: the premium mark, on the header and in the menu', async ({ page }, testInfo) => {
    await signIn(page, 'premium@demo.puribox.jp')
    await page.goto('/sp/2/mypage/')
    await expect(page.getByRole('banner').locator('.me-button .premium-mark')).toBeVisible()
    await page.getByRole('button', { name: 'メニュー' }).click()
    const menu = page.getByRole('navigation', { name: 'サイトメニュー' })
    await expect(menu.getByText('プレミアム会員')).toBeVisible()
    await expect(menu.locator('.premium-mark')).toBeVisible()
    await page.getByRole('button', { name: 'メニュー' }).click()
    await menuScreenshots(page, testInfo, 'menu-premium')
  })
})
