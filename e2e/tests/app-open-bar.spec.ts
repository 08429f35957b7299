import { baseURL, expect, expectAccessible, newMemberFromAPlay, screenshots, test } from './support'

const OPEN = 'アプリで開く'
const CLOSE = 'アプリの案内を閉じる'
/** The demo's banner of the photos_banner space (server/src/locales/ja/banners.json). */
const PHOTOS_BANNER = '友だちにもシールIDを教えよう'

test.describe('my page and a seal’s pictures, in a browser', () => {
  test('offer the page in the app by its universal link, show the photos banner, and forget neither once closed', async ({
    page,
  }, testInfo) => {
    const sealId = await newMemberFromAPlay(page, 'app-open-bar')

    // A seal's pictures: the bar links to this very page at the universal link's host (in
    // development the site's own).
    await page.goto(`/web/preview?sealId=${sealId}`)
    const open = page.getByRole('link', { name: OPEN })
    await expect(open).toBeVisible()
    expect(await open.getAttribute('href')).toBe(`${baseURL}/web/preview?sealId=${sealId}`)
    await screenshots(page, testInfo, '1-seal')
    await expectAccessible(page)

    // My page: the banner below the newest play, the bar at the bottom of the screen, the newest
    // play's first picture on a small phone's first screen and not under the bar.
    await page.setViewportSize({ width: 320, height: 568 })
    await page.goto('/sp/2/mypage/#/puri/new')
    await expect(page.getByText(PHOTOS_BANNER)).toBeVisible()
    await expect(page.getByRole('link', { name: OPEN })).toBeVisible()
    expect(await page.getByRole('link', { name: OPEN }).getAttribute('href')).toBe(
      `${baseURL}/sp/2/mypage/#/puri/new`,
    )
    await page.evaluate(() => window.scrollTo(0, 0))
    const picture = page.locator('#main img[src^="/sp/2/mypage/image/"]').first()
    await expect(picture).toBeInViewport()
    const pictureBox = await picture.boundingBox()
    const barBox = await page.locator('[data-app-open-bar]').boundingBox()
    expect(pictureBox && barBox && pictureBox.y + pictureBox.height <= barBox.y).toBe(true)
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('2-mypage-first-screen-320.png') })
    await screenshots(page, testInfo, '2-mypage')
    await expectAccessible(page)

    // Closed once, closed on every page, after a reload too.
    await page.getByRole('button', { name: CLOSE }).click()
    await expect(page.getByRole('link', { name: OPEN })).toHaveCount(0)
    await page.reload()
    await expect(page.getByText(PHOTOS_BANNER)).toBeVisible()
    await page.goto(`/web/preview?sealId=${sealId}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('link', { name: OPEN })).toHaveCount(0)
  })
})

test.describe('inside the native app', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36 PuriBoxApp/3.2.0',
  })

  test('the bar never shows; the photos banner does', async ({ page }, testInfo) => {
    const sealId = await newMemberFromAPlay(page, 'app-open-bar-in-app')
    for (const path of [`/web/preview?sealId=${sealId}`, '/sp/2/mypage/#/puri/new']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expect(page.getByRole('link', { name: OPEN }), path).toHaveCount(0)
    }
    await expect(page.getByText(PHOTOS_BANNER)).toBeVisible()
    await screenshots(page, testInfo, '3-mypage-in-app')
  })
})
