import type { Page, TestInfo } from '@playwright/test'
import { expect, pushDemoPlay, signIn, test } from './support'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }

/** Closes the open menu by its own button (the page behind it is out of reach while it is open). */
async function closeMenu(page: Page) {
  await page.getByRole('dialog', { name: 'メニュー' }).getByRole('button', { name: '閉じる' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

/** The header menu, opened at 320 and 390 px wide (the 320 px one as tall as a first iPhone SE). */
async function menuScreenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: width === 320 ? 568 : 844 })
    await page.getByRole('button', { name: 'メニュー' }).click()
    await expect(page.getByText('ログイン中の会員')).toBeAttached()
    await page.screenshot({ scale: 'css', path: testInfo.outputPath(`${name}-${width}.png`) })
    await closeMenu(page)
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
    await closeMenu(page)
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
    await closeMenu(page)
    await menuScreenshots(page, testInfo, 'menu-premium')
  })
})

test.describe('the header menu, over the page', () => {
  test('dims the page, keeps focus inside, closes by a tap outside or Escape, and counts unread news', async ({
    page,
  }, testInfo) => {
    await page.goto('/sp/top/menu')
    const menuButton = page.getByRole('button', { name: 'メニュー' })
    await menuButton.click()
    const dialog = page.getByRole('dialog', { name: 'メニュー' })
    await expect(dialog).toBeVisible()
    const menu = dialog.getByRole('navigation', { name: 'サイトメニュー' })
    // Help, the inquiry form and the news, which a guest has not read yet, with their count.
    await expect(menu.getByRole('link', { name: 'ヘルプ', exact: true })).toHaveAttribute(
      'href',
      '/web/common/help/top/index',
    )
    await expect(menu.getByRole('link', { name: 'お問い合わせ', exact: true })).toBeVisible()
    const news = menu.getByRole('link', { name: /^お知らせ/ })
    await expect(news).toHaveAccessibleName(/^お知らせ\s*\d+\s*件の未読$/)
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: width === 320 ? 568 : 844 })
      await page.screenshot({ scale: 'css', path: testInfo.outputPath(`menu-guest-${width}.png`) })
    }

    // The page behind is out of reach: Tab goes round the menu only.
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true)
    }

    // Escape closes it, and the menu button has the focus again.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(menuButton).toBeFocused()

    // A tap on the dimmed page below it closes it too.
    await menuButton.click()
    await expect(dialog).toBeVisible()
    const box = await dialog.boundingBox()
    const viewport = page.viewportSize()!
    expect(box!.y + box!.height).toBeLessThan(viewport.height - 20)
    await page.mouse.click(viewport.width / 2, viewport.height - 10)
    await expect(dialog).toHaveCount(0)

    // Reading the news clears its count.
    await menuButton.click()
    await news.click()
    await expect(page).toHaveURL(/\/sp\/puri_news/)
    await expect(page.locator('a.news-list__item').first()).toBeVisible()
    const unread = page.locator('a.news-list__item--unread')
    for (let i = 0; i < 10 && (await unread.count()) > 0; i++) {
      await unread.first().click()
      await expect(page.getByRole('link', { name: 'お知らせ一覧へ' })).toBeVisible()
      await page.goBack()
      await expect(page.locator('a.news-list__item').first()).toBeVisible()
    }
    await expect(unread).toHaveCount(0)
    await menuButton.click()
    await expect(menu.getByRole('link', { name: 'お知らせ', exact: true })).toBeVisible()
  })
})
