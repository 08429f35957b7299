import { expect, pushDemoPlay, signIn, test } from './support'

/** The smallest phone screen PuriBox is made for: an iPhone SE of the first generation. */
const SMALL_SCREEN = { width: 320, height: 568 }

test.describe('my page on a small phone', () => {
  test.use({ viewport: SMALL_SCREEN })

  test('a free member with a saved play sees a picture of it on the first screen, unscrolled', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'mini@demo.puribox.jp')
    // A play of which the free member keeps one picture: the others wait, and my page says so
    // (its switch to them, the header's badge), which is what takes room above the pictures.
    const { sealId } = await pushDemoPlay({ regular: 4, raw: 1 })
    await page.goto(`/web/mypage?sealId=${sealId}`)
    await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()

    // From the header's button, as a member gets there.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /マイページ/ })
      .click()
    await expect(page).toHaveURL(/\/sp\/2\/mypage\/#\/puri\/new$/)
    const thumbnail = page.locator('#main img[src^="/sp/2/mypage/image/"]').first()
    await expect
      .poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const box = await thumbnail.boundingBox()
    expect(box).not.toBeNull()
    if (!box) return
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height, 'the thumbnail’s bottom edge').toBeLessThanOrEqual(SMALL_SCREEN.height)
    expect(box.x + box.width).toBeLessThanOrEqual(SMALL_SCREEN.width)
    // The next seal's ID still goes in above the pictures.
    await expect(page.getByRole('textbox', { name: 'シールID' })).toBeInViewport()

    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: width === 320 ? 568 : 844 })
      await page.screenshot({ scale: 'css', path: testInfo.outputPath(`mypage-${width}.png`) })
    }
  })
})
