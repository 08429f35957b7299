import AxeBuilder from '@axe-core/playwright'
import { expect, pushDemoPlay, test } from './support'

test.describe('a booth play becomes a preview on a phone', () => {
  test('typing the printed seal ID on the top page shows the play’s pictures', async ({ page }, testInfo) => {
    const { sealId } = await pushDemoPlay({ regular: 4, raw: 2 })
    await page.goto('/sp/top/menu')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()

    // Lower case with the hyphen, as people type it.
    const typed = `${sealId.slice(0, 5)}-${sealId.slice(5)}`.toLowerCase()
    await page.getByRole('textbox', { name: 'シールID' }).fill(typed)
    await page.getByRole('button', { name: 'プリを見る' }).click()

    await expect(page).toHaveURL(new RegExp(`/web/preview\\?sealId=${sealId}`))
    await expect(page.getByText(`${sealId.slice(0, 5)}-${sealId.slice(5)}`)).toBeVisible()
    // The save-by moment, a day before the seal expires (7 days after the shot).
    await expect(page.getByText('あと6日')).toBeVisible()
    const pictures = page.locator('img[src*="/sp/puri/thum.jpg"]')
    await expect(pictures).toHaveCount(6)
    await expect(page.getByText('プレミアム会員限定').first()).toBeVisible()
    // Every picture really loaded (not a broken image).
    await expect
      .poll(() =>
        pictures.evaluateAll(
          (imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length,
        ),
      )
      .toBeGreaterThanOrEqual(4)
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('preview.png'), fullPage: true })

    const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(a11y.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([])
  })

  test('the photo-get form takes full-width input', async ({ page }) => {
    const { sealId } = await pushDemoPlay({ regular: 2, raw: 0 })
    const fullWidth = [...sealId].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('')
    await page.goto('/web/puri/form_seal_id')
    await page.getByRole('textbox', { name: 'シールID' }).fill(fullWidth)
    await page.getByRole('button', { name: 'プリを見る' }).click()
    await expect(page).toHaveURL(new RegExp(`/web/preview\\?sealId=${sealId}`))
    await expect(page.locator('img[src*="/sp/puri/thum.jpg"]')).toHaveCount(2)
  })

  test('the top page passes the accessibility checks', async ({ page }) => {
    await page.goto('/sp/top/menu')
    await expect(page.getByRole('textbox', { name: 'シールID' })).toBeVisible()
    const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(a11y.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([])
  })
})

test.describe('bad seal IDs get a clear message and keep what was typed', () => {
  test('a malformed ID is stopped in the form', async ({ page }) => {
    await page.goto('/sp/top/menu')
    const input = page.getByRole('textbox', { name: 'シールID' })
    await input.fill('abc-12')
    await page.getByRole('button', { name: 'プリを見る' }).click()
    await expect(page.getByRole('alert')).toContainText('シールIDは英数字10文字です')
    await expect(input).toHaveValue('abc-12')
    await expect(page).toHaveURL(/\/sp\/top\/menu/)
  })

  test('an unknown ID says so and offers the form again, filled in', async ({ page }) => {
    await page.goto('/web/puri/form_seal_id')
    await page.getByRole('textbox', { name: 'シールID' }).fill('ZZZZZ-ZZZZZ')
    await page.getByRole('button', { name: 'プリを見る' }).click()
    await expect(page.getByText('このシールIDのプリは見つかりませんでした')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'シールID' })).toHaveValue(/ZZZZZ-?ZZZZZ/)
  })

  test('a seal past its lifetime says the period is over (time travel)', async ({ page }) => {
    const { sealId } = await pushDemoPlay({ regular: 1, raw: 0 })
    await page.goto('/sp/debug/time_travel')
    const set = await page.request.put('/sp/2/debug/time_travel', {
      data: { date: '2099-01-01T00:00:00' },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(set.ok()).toBe(true)
    await page.goto(`/sp/puri/get?sealId=${sealId}&from=inputSealId`)
    await expect(page.getByText('このシールは保存期限を過ぎたため')).toBeVisible()
  })
})

test.describe('the native app', () => {
  test('?app=1 hides the frame and is remembered', async ({ page }) => {
    await page.goto('/sp/top/menu?app=1')
    await expect(page.getByRole('textbox', { name: 'シールID' })).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await page.goto('/web/puri/form_seal_id')
    await expect(page.getByRole('textbox', { name: 'シールID' })).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCount(0)
  })

  test.describe('with the app user agent', () => {
    test.use({ userAgent: 'Mozilla/5.0 (iPhone) PuriBoxApp/3.2.0' })

    test('the app user agent hides the frame', async ({ page }) => {
      await page.goto('/sp/top/menu')
      await expect(page.getByRole('textbox', { name: 'シールID' })).toBeVisible()
      await expect(page.getByRole('banner')).toHaveCount(0)
    })
  })
})

test('an unknown page answers a Japanese 404, in the site’s frame', async ({ page }) => {
  const response = await page.goto('/sp/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible()
  // In the site's frame: its header and footer to go on from.
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'トップへ戻る' }).click()
  await expect(page).toHaveURL(/\/sp\/top\/menu/)
})
