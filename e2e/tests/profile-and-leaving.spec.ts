import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, newMemberFromAPlay, pushDemoPlay, test } from './support'

/** A new free member who saved the free puri of a fresh play. */
const newMemberWithAPicture = (page: Page, name: string) =>
  newMemberFromAPlay(page, name, { regular: 3, raw: 1 })

/** One of the member's saved originals: a real JPEG to choose as a profile picture. */
async function aSavedPicture(page: Page): Promise<Buffer> {
  const plays = await (await page.request.get('/sp/2/mypage/plays?page=1')).json()
  const url = plays.entity.items[0].images[0].originalUrl as string
  return (await page.request.get(url)).body()
}

/** The page at 320 and 390 px wide, whole. */
async function screenshots(page: Page, path: (name: string) => string, name: string) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 })
    await page.screenshot({ scale: 'css', path: path(`${name}-${width}.png`), fullPage: true })
  }
}

async function expectAccessible(page: Page) {
  const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(a11y.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([])
}

/** The image is there and loaded, not a broken icon. */
async function expectLoaded(page: Page, selector: string) {
  await expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0)
}

test.describe('profile and leaving', () => {
  test('the profile picture chosen is saved by the one 保存する with the nickname, even after a reload', async ({
    page,
  }, testInfo) => {
    await newMemberWithAPicture(page, 'profile')
    const picture = await aSavedPicture(page)
    await page.goto('/sp/setting/userinfo')
    await expect(page.getByRole('heading', { name: 'プロフィール設定', level: 1 })).toBeVisible()

    await page
      .getByLabel('画像を選ぶ')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture })
    await expect(
      page.getByText('まだ保存されていません。「保存する」を押すと、この画像に変わります。'),
    ).toBeVisible()
    await page.getByLabel('ニックネーム').fill('ぷりこ')
    // One button saves; the picture has none of its own.
    await expect(page.getByRole('button', { name: 'この画像にする' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: '保存する' })).toHaveCount(1)
    await expectAccessible(page)
    await screenshots(page, (name) => testInfo.outputPath(name), '1-chosen')

    // A reload loses neither the typing nor the picture chosen.
    await page.reload()
    await expect(page.getByText(/前回選んだ画像です。まだ保存されていません。/)).toBeVisible()
    await expect(page.getByLabel('ニックネーム')).toHaveValue('ぷりこ')
    await expectLoaded(page, 'img[alt="選んだ画像のプレビュー"]')

    await page.getByRole('button', { name: '保存する' }).click()
    await expect(page.getByText('プロフィールを保存しました。')).toBeVisible()
    await expect(page.getByText(/まだ保存されていません/)).toHaveCount(0)

    // Read back from the server: both were kept by that one save.
    await page.reload()
    await expect(page.getByLabel('ニックネーム')).toHaveValue('ぷりこ')
    await expectLoaded(page, 'img[alt="現在のプロフィール画像"]')
    expect(await page.locator('img[alt="現在のプロフィール画像"]').getAttribute('src')).toMatch(
      /^\/sp\/profile\/image\/[0-9a-f-]{36}$/,
    )
    await screenshots(page, (name) => testInfo.outputPath(name), '2-saved')
  })

  test('the leaving page shows the pictures and the ways to save them first, then leaves', async ({
    page,
  }, testInfo) => {
    await newMemberWithAPicture(page, 'leaving')
    await newMemberPlaysAnother(page)
    await page.goto('/sp/setting/setting')
    await page.getByRole('link', { name: '退会する' }).click()
    await expect(page).toHaveURL(/\/sp\/account\/leave$/)
    await expect(page.getByRole('heading', { name: '退会', level: 1 })).toBeVisible()

    const section = page.locator('section', {
      has: page.getByRole('heading', { name: '先にプリをスマホに保存' }),
    })
    await expect(section.locator('img[src^="/sp/2/mypage/image/"]')).toHaveCount(2)
    await expectLoaded(page, 'section img[src^="/sp/2/mypage/image/"]')
    await expect(section.getByRole('button', { name: 'まとめてスマホに保存（ZIP）' })).toHaveCount(2)
    await expectAccessible(page)
    await screenshots(page, (name) => testInfo.outputPath(name), '3-leave')

    // Every picture in one ZIP, downloaded by the browser itself.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'すべてのプリをまとめてスマホに保存（ZIP）' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('puribox-puri.zip')
    const zip = await download.path()
    expect(zip).toBeTruthy()

    // The other path of the spec is the same page.
    await page.goto('/sp/account/delete')
    await expect(page.getByRole('heading', { name: '退会', level: 1 })).toBeVisible()
    await expect(page.getByText(/^PuriBoxを退会します。/)).toBeVisible()

    await page.getByRole('checkbox').check()
    await page.getByLabel('パスワード', { exact: true }).fill('sakura-purikura-7')
    await page.getByRole('button', { name: '退会する' }).click()
    await expect(page.getByRole('heading', { name: '退会しました' })).toBeVisible()
    const self = await page.request.get('/sp/2/account/self')
    expect((await self.json()).entity.membershipStatus).toBe('GUEST')
  })
})

/** The member saves a second play (by its seal ID, as at the booth). */
async function newMemberPlaysAnother(page: Page) {
  const { sealId } = await pushDemoPlay({ regular: 2, raw: 0 })
  await page.goto(`/web/mypage?sealId=${sealId}`)
  await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()
}
