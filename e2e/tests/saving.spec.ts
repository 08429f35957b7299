import type { Page } from '@playwright/test'
import { lastMailTo } from './mailbox'
import { expect, pushDemoPlay, signIn, signUpFromPreview, test } from './support'

function printed(sealId: string): string {
  return `${sealId.slice(0, 5)}-${sealId.slice(5)}`
}

/**
 * Where every way in from a seal ends: the registration is said to be complete, and the picture
 * saved is there to see (loaded, not just named), with the unsaved ones locked beside it.
 */
async function expectRegisteredWithTheSeal(page: Page, sealId: string, unsaved: number): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/web/mypage\\?sealId=${sealId}&registered=1$`))
  await expect(page.getByRole('status').filter({ hasText: '会員登録が完了しました' })).toBeVisible()
  await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()
  const saved = page.locator('#main img[src^="/sp/2/mypage/image/"]')
  await expect(saved).toHaveCount(1)
  // The thumbnail is made on first request: on a busy machine that takes seconds.
  await expect
    .poll(() => saved.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0)
  await expect(page.locator('#main').getByText('未保存', { exact: true })).toHaveCount(unsaved)
}

test.describe('saving puri on a phone', () => {
  test('guest → preview → sign up → the one free puri is saved, the rest wait', async ({ page }) => {
    const { sealId } = await pushDemoPlay({ regular: 4, raw: 2 })
    await page.goto('/sp/top/menu')
    await page.getByRole('textbox', { name: 'シールID' }).fill(printed(sealId))
    await page.getByRole('button', { name: 'プリを見る' }).click()
    await expect(page).toHaveURL(new RegExp(`/web/preview\\?sealId=${sealId}`))

    // The preview's invitation leads through registration and back to saving this seal.
    await signUpFromPreview(page, 'saver')

    await expectRegisteredWithTheSeal(page, sealId, 5)
    await expect(page.getByText(/プレミアム会員になると、未保存の5枚も保存されます/)).toBeVisible()
    // The header counts the unsaved puris of a free member.
    await expect(page.getByRole('link', { name: 'マイページ 5 枚の未保存のプリ' })).toBeVisible()

    // Saving again changes nothing.
    await page.reload()
    await expect(page.getByText('このシールのプリは保存済みです。')).toBeVisible()

    // My page shows the play with its one saved picture, and opens it full screen.
    await page.getByRole('link', { name: 'マイページでプリを見る' }).click()
    await expect(page).toHaveURL(/\/sp\/2\/mypage\/#\/puri\/new$/)
    const saved = page.locator('img[src^="/sp/2/mypage/image/"]')
    await expect(saved).toHaveCount(1)
    // The thumbnail is made on first request: on a busy machine that takes seconds.
    await expect
      .poll(() => saved.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0)
    await saved.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  })

  test("the preview header's 会員登録 keeps the seal through sign-up too", async ({ page }) => {
    const { sealId } = await pushDemoPlay({ regular: 2, raw: 0 })
    await page.goto(`/web/preview?sealId=${sealId}`)
    await signUpFromPreview(page, 'header-saver', 'header')
    await expectRegisteredWithTheSeal(page, sealId, 1)
  })

  for (const way of ['LINE', 'X', 'au ID', 'dアカウント', 'SoftBank ID']) {
    test(`signing up with ${way} from a seal's preview ends saving the seal`, async ({ page }) => {
      const { sealId } = await pushDemoPlay({ regular: 3, raw: 0 })
      await page.goto(`/web/preview?sealId=${sealId}`)
      await page.locator('#main').getByRole('link', { name: '会員登録', exact: true }).click()
      // The policies are agreed before leaving for the provider; nothing is asked after it.
      await page.getByRole('link', { name: `${way}で登録` }).click()
      await expect(page.getByRole('alert')).toContainText('チェックを入れてください')
      await page
        .getByRole('checkbox', { name: 'プライバシーポリシー、PuriBox特約、利用規約に同意する' })
        .check()
      await page.getByRole('link', { name: `${way}で登録` }).click()
      // The sandbox stands in for the provider: a person who has never used PuriBox.
      await expect(page).toHaveURL(/\/_sandbox\/auth\//)
      await page.getByRole('button', { name: /新しいアカウント/ }).click()
      await expectRegisteredWithTheSeal(page, sealId, 2)
    })
  }

  test("the registration mail's link, opened in another browser, still ends saving the seal", async ({
    page,
    otherBrowser,
  }) => {
    const { sealId } = await pushDemoPlay({ regular: 2, raw: 0 })
    await page.goto(`/web/preview?sealId=${sealId}`)
    await page.locator('#main').getByRole('link', { name: '会員登録', exact: true }).click()
    const address = `mail-link-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`
    await page.getByLabel('メールアドレス').fill(address)
    await page.getByRole('button', { name: '確認コードを送る' }).click()
    const link = /(http\S+registerMailSent\S+)/.exec((await lastMailTo(address)).text)?.[1]
    expect(link).toContain('next=')

    // The PC's browser opens the link: the address is proved there, and registering goes on to the seal.
    const pc = await otherBrowser.newPage()
    await pc.goto(link!)
    await pc.getByLabel('パスワード', { exact: true }).fill('sakura-purikura-7')
    await pc.getByRole('button', { name: '同意して登録する' }).click()
    await expectRegisteredWithTheSeal(pc, sealId, 1)
  })

  test('a premium member saves every puri, raw ones included', async ({ page }) => {
    const { sealId } = await pushDemoPlay({ regular: 3, raw: 2 })
    await signIn(page, 'premium@demo.puribox.jp')

    // Signing in ends on my page, whose seal-ID entry is at the top; typed once the page has started.
    await expect(page).toHaveURL(/\/sp\/2\/mypage\/#\/puri\/new$/)
    await page.waitForLoadState('networkidle')
    await page.getByRole('textbox', { name: 'シールID' }).fill(sealId.toLowerCase())
    await page.getByRole('button', { name: '保存する' }).click()
    await expect(page).toHaveURL(new RegExp(`/web/mypage\\?sealId=${sealId}$`))
    await expect(page.getByText('すべてのプリ（5枚）を保存しました。')).toBeVisible()
  })
  test('a junior-high premium member saves every puri too, and has nothing to buy', async ({ page }) => {
    const { sealId } = await pushDemoPlay({ regular: 3, raw: 2 })
    await signIn(page, 'jhs@demo.puribox.jp')
    await expect(page).toHaveURL(/\/sp\/2\/mypage\/#\/puri\/new$/)
    await page.waitForLoadState('networkidle')
    await page.getByRole('textbox', { name: 'シールID' }).fill(sealId.toLowerCase())
    await page.getByRole('button', { name: '保存する' }).click()
    await expect(page).toHaveURL(new RegExp(`/web/mypage\\?sealId=${sealId}$`))
    await expect(page.getByText('すべてのプリ（5枚）を保存しました。')).toBeVisible()
    // The premium page says what the member has instead of selling it.
    await page.goto('/web/payment')
    await expect(page.getByText('中学生無料プレミアム会員です')).toBeVisible()
    await expect(page.getByRole('button', { name: /申し込む/ })).toHaveCount(0)
  })
  test("a free member sent to the guests' puri-get page saves there all the same", async ({ page }) => {
    const { sealId } = await pushDemoPlay({ regular: 2, raw: 1 })
    await signIn(page, 'mini@demo.puribox.jp')
    // As when the form was sent before the page knew who was looking, or a link was followed.
    await page.goto(`/sp/puri/get?sealId=${sealId}&from=inputSealId`)
    await expect(page).toHaveURL(new RegExp(`/web/mypage\\?sealId=${sealId}$`))
    await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()
    await expect(page.getByRole('link', { name: '会員登録', exact: true })).toHaveCount(0)
  })

  test('a free member and a seal of proof samples: told why nothing is free, offered premium', async ({
    page,
  }, testInfo) => {
    const { sealId } = await pushDemoPlay({ regular: 2, raw: 1, proof: true })
    await signIn(page, 'mini@demo.puribox.jp')

    // Looking at the seal first: the member's view says it before anything is saved.
    await page.goto(`/web/preview?sealId=${sealId}`)
    const panel = page.getByRole('region', { name: 'このシールには、無料で保存できるプリがありません' })
    await expect(panel).toContainText('プリ機の見本（お試しで撮ったもの）です')
    await expect(
      panel.getByRole('link', { name: 'プレミアム会員になって、すべてのプリを保存する' }),
    ).toBeVisible()
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('proof-preview.png'), fullPage: true })

    // Registering it anyway: nothing saved (no 「0枚」), the seal kept for premium.
    await panel.getByRole('link', { name: 'マイページに追加しておく' }).click()
    await expect(page).toHaveURL(new RegExp(`/web/mypage\\?sealId=${sealId}$`))
    await expect(page.getByText('このシールには、無料で保存できるプリがありませんでした。')).toBeVisible()
    await expect(
      page.getByText(
        'このシールをマイページに追加しました。保存期限までにプレミアム会員になると、3枚すべてが保存されます。',
      ),
    ).toBeVisible()
    await expect(page.getByText(/0枚/)).toHaveCount(0)
    await expect(
      page.getByRole('link', { name: 'プレミアム会員になって、すべてのプリを保存する' }),
    ).toHaveAttribute('href', '/web/payment')
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('proof-saved.png'), fullPage: true })
  })
})
