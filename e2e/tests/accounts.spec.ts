import { codeIn, lastMailTo } from './mailbox'
import { expect, expectAccessible, signIn, test } from './support'

function uniqueAddress(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`
}

test.describe('accounts on a phone', () => {
  test('mail sign-up: address → mail → code → password and policies → my page as a member', async ({
    page,
  }, testInfo) => {
    const address = uniqueAddress('hana')
    await page.goto('/sp/top/menu')
    await page.getByRole('banner').getByRole('link', { name: '会員登録', exact: true }).click()
    await expect(page).toHaveURL(/\/sp\/account\/register_email/)

    // A typo first: a Japanese message, nothing sent, the typed text kept.
    await page.getByLabel('メールアドレス').fill('hana@example')
    await page.getByRole('button', { name: '確認コードを送る' }).click()
    await expect(page.getByRole('alert')).toContainText('メールアドレスの形が正しくありません')
    await expect(page.getByLabel('メールアドレス')).toHaveValue('hana@example')

    await page.getByLabel('メールアドレス').fill(address)
    await page.getByRole('button', { name: '確認コードを送る' }).click()
    await expect(page.getByText(`${address} にメールを送りました。`)).toBeVisible()
    const mail = await lastMailTo(address)
    expect(mail.subject).toBe(`【PuriBox】確認コード ${codeIn(mail)}`)
    await expectAccessible(page)

    // A wrong code, then the right one typed with full-width digits as a Japanese keyboard may.
    await page.getByLabel('確認コード（6桁）').fill(codeIn(mail) === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: '確認する' }).click()
    await expect(page.getByRole('alert')).toContainText('確認コードが違います')
    const fullWidth = codeIn(mail).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))
    await page.getByLabel('確認コード（6桁）').fill(fullWidth)
    await page.getByRole('button', { name: '確認する' }).click()

    await expect(page.getByText(`${address} を確認しました。`)).toBeVisible()
    // Step 3 of 3 is the last: the password, and the two policies agreed by the same button.
    await expect(page.getByText('ステップ 3/3')).toBeAttached()
    await expect(page.getByRole('region', { name: 'プライバシーポリシー' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'PuriBox特約（情報の外部送信）' })).toBeVisible()
    await page.getByLabel('パスワード', { exact: true }).fill('aaaaaaaa')
    await page.getByRole('button', { name: '同意して登録する' }).click()
    await expect(page.getByRole('alert')).toContainText('同じ文字の繰り返し')
    await page.getByLabel('パスワード', { exact: true }).fill('sakura-purikura-7')
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('password.png'), fullPage: true })
    await expectAccessible(page)
    await page.getByRole('button', { name: '同意して登録する' }).click()

    // No page after the last step: my page (a member's home), signed in.
    await expect(page).toHaveURL(/\/sp\/2\/mypage\/\?registered=1#\/puri\/new$/)
    await expect(page.getByRole('status').filter({ hasText: '会員登録が完了しました' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'マイページ' })).toBeVisible()

    const self = await page.request.get('/sp/2/account/self')
    expect((await self.json()).entity).toMatchObject({
      membershipStatus: 'MINI',
      account: { mailAddress: address },
    })
  })

  test('a lost phone: the settings list both phones, and one tap signs out everywhere', async ({
    page,
    otherBrowser,
  }, testInfo) => {
    // The "other phone": a browser of its own, signed in to the same account.
    const otherPage = await otherBrowser.newPage()
    await signIn(otherPage, 'official@demo.puribox.jp')
    await signIn(page, 'official@demo.puribox.jp')
    await page.goto('/sp/setting/setting')
    const sessions = page.getByRole('region', { name: 'ログイン中の端末' })
    await expect(sessions.getByText('この端末')).toBeVisible()
    await expect(sessions.getByRole('listitem')).toHaveCount(2)
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('sessions.png'), fullPage: true })
    await sessions.getByRole('button', { name: 'すべての端末からログアウト' }).click()
    await sessions
      .getByRole('group', { name: 'すべての端末からログアウトする確認' })
      .getByRole('button', { name: 'すべての端末からログアウト' })
      .click()
    await expect(page).toHaveURL(/\/sp\/top\/menu$/)
    // The other phone is signed out too.
    const elsewhere = await otherPage.request.get('/sp/2/account/self')
    expect((await elsewhere.json()).entity.membershipStatus).toBe('GUEST')
  })

  test('sign-in with the demo account, then sign-out from the settings page', async ({ page }, testInfo) => {
    await page.goto('/web/login/top?next=%2Fsp%2Fsetting%2Fsetting')
    await page.getByLabel('メールアドレス').fill('mini@demo.puribox.jp')
    await page.getByLabel('パスワード', { exact: true }).fill('wrong-password')
    await page.getByRole('button', { name: 'ログイン' }).click()
    await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが違います')
    await expect(page.getByLabel('メールアドレス')).toHaveValue('mini@demo.puribox.jp')

    await page.getByLabel('パスワード', { exact: true }).fill('puribox-demo-1')
    await page.getByRole('button', { name: 'ログイン' }).click()
    await expect(page).toHaveURL(/\/sp\/setting\/setting$/)
    await expect(page.getByText('mini@demo.puribox.jp')).toBeVisible()
    await expect(page.locator('#main').getByText('無料会員', { exact: true })).toBeVisible()
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('settings.png'), fullPage: true })
    await expectAccessible(page)

    await page.getByRole('button', { name: 'ログアウト', exact: true }).click()
    await expect(page).toHaveURL(/\/sp\/top\/menu$/)
    await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible()
    const self = await page.request.get('/sp/2/account/self')
    expect((await self.json()).entity.membershipStatus).toBe('GUEST')

    // The settings page is a member's: a guest is asked to sign in.
    await page.goto('/sp/setting/setting')
    await expect(page).toHaveURL(/\/web\/login\/top\?next=%2Fsp%2Fsetting%2Fsetting/)
  })

  test('LINE on the login page by someone new: registered, the policies as the last step, then my page; remembered next time', async ({
    page,
  }, testInfo) => {
    await page.goto('/web/login/top')
    await page.getByRole('link', { name: 'LINEでログイン' }).click()

    // The sandbox stands in for LINE: pick a person who has never used PuriBox.
    await expect(page).toHaveURL(/\/_sandbox\/auth\//)
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('sandbox.png'), fullPage: true })
    await page.getByRole('button', { name: /新しいアカウント/ }).click()

    // Nothing was agreed on the login page: the agreement page says it ends the registration.
    await expect(page).toHaveURL(/\/sp\/privacy_policy\/agreement\?.*reason=registration/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('会員登録の最後に')
    await page.getByRole('button', { name: '同意する' }).click()
    await expect(page).toHaveURL(/\/sp\/2\/mypage\/\?registered=1#\/puri\/new$/)
    await expect(page.getByRole('status').filter({ hasText: '会員登録が完了しました' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'マイページ' })).toBeVisible()

    await page.goto('/sp/setting/setting')
    await expect(page.getByText('登録なし')).toBeVisible()
    await expect(page.getByText(/に連携/)).toBeVisible()

    // Signing out from the header menu, wherever the member is.
    await page.getByRole('button', { name: 'メニュー' }).click()
    await page
      .getByRole('navigation', { name: 'サイトメニュー' })
      .getByRole('button', { name: 'ログアウト' })
      .click()
    await expect(page).toHaveURL(/\/sp\/top\/menu$/)
    await page.goto('/web/login/top')
    await expect(page.getByText('前回はLINEでログインしました')).toBeVisible()
  })

  test('cancelling at the provider goes back quietly to the login page, still on the way to where the person was going', async ({
    page,
  }) => {
    await page.goto('/web/login/top?next=%2Fsp%2Fsetting%2Fsetting')
    await page.getByRole('link', { name: 'Xでログイン' }).click()
    await page.getByRole('button', { name: /ログインをやめて/ }).click()
    await expect(page).toHaveURL(/\/web\/login\/top\?next=%2Fsp%2Fsetting%2Fsetting$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ログイン')
    await expect(page.getByRole('alert')).toHaveCount(0)
    // LINE is the first way offered.
    await expect(page.getByRole('link', { name: /でログイン$/ }).first()).toHaveText('LINEでログイン')
  })
})
