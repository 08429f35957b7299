import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import { codeIn, lastMailTo, type ReceivedMail } from './mailbox'
import { expect, expectAccessible, test } from './support'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const OLD_PASSWORD = 'sakura-purikura-7'
const NEW_PASSWORD = 'momiji-purikura-9'

function uniqueAddress(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`
}

/** The screen as a phone shows it, 320 px wide (the narrowest) and 390 px wide. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 })
    await page.screenshot({ scale: 'css', path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
}

/** A member registered by mail (through the API, as the registration page does), signed in on `request`. */
async function registerMember(request: APIRequestContext, address: string) {
  const sent = await request.post('/sp/2/api/account/mail_address', {
    headers: XHR,
    data: { mailAddress: address },
  })
  const { verificationId } = (await sent.json()).entity
  const code = codeIn(await lastMailTo(address))
  const verified = await request.post('/sp/2/api/account/mail_address/verification', {
    headers: XHR,
    data: { verificationId, code },
  })
  expect(verified.status()).toBe(200)
  // The password step agrees to the policies in force with the same call.
  const { policies } = (await (await request.get('/sp/2/privacy_policies/latest')).json()).entity
  const registered = await request.post('/sp/2/api/account/', {
    headers: XHR,
    data: {
      verificationId,
      password: OLD_PASSWORD,
      policies: policies.map(({ kind, version }: { kind: string; version: string }) => ({ kind, version })),
    },
  })
  expect(registered.status()).toBe(201)
}

async function membership(request: APIRequestContext): Promise<string> {
  return (await (await request.get('/sp/2/account/self')).json()).entity.membershipStatus
}

/** The newest mail to `address` with this subject (the code mail and the notice come close together). */
async function mailWithSubject(address: string, subject: RegExp): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined
  await expect
    .poll(async () => {
      mail = await lastMailTo(address)
      return subject.test(mail.subject)
    })
    .toBe(true)
  return mail as ReceivedMail
}

test.describe('password reset on a phone', () => {
  test('forgot → mail → code → new password → signed in; the old phone is signed out and told by mail', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const address = uniqueAddress('forgot')
    // The member's old phone (its cookies, through the API), signed in since the registration.
    const oldPhone = await playwright.request.newContext({ baseURL })
    await registerMember(oldPhone, address)
    expect(await membership(oldPhone)).toBe('MINI')

    await page.goto('/web/login/top')
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click()
    await expect(page).toHaveURL(/\/web\/login\/password_reset$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('パスワードの再設定')
    await expectAccessible(page)
    await shoot(page, testInfo, '1-address')

    // A typo first: a Japanese message, nothing sent, the typed text kept.
    await page.getByLabel('メールアドレス').fill('forgot@example')
    await page.getByRole('button', { name: '確認コードを送る' }).click()
    await expect(page.getByRole('alert')).toContainText('メールアドレスの形が正しくありません')
    await expect(page.getByLabel('メールアドレス')).toHaveValue('forgot@example')

    await page.getByLabel('メールアドレス').fill(address)
    await page.getByRole('button', { name: '確認コードを送る' }).click()
    await expect(page.getByText(`${address} にメールを送りました。`)).toBeVisible()
    await expect(page.getByText(/^有効期限：\d{2}:\d{2}まで（30分間）$/)).toBeVisible()
    const mail = await mailWithSubject(address, /パスワードの再設定 確認コード/)
    expect(mail.subject).toBe(`【PuriBox】パスワードの再設定 確認コード ${codeIn(mail)}`)
    expect(mail.text).toContain('（30分間）')
    await expectAccessible(page)

    // A wrong code, then the right one.
    await page.getByLabel('確認コード（6桁）').fill(codeIn(mail) === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: '確認する' }).click()
    await expect(page.getByRole('alert')).toContainText('確認コードが違います')
    await shoot(page, testInfo, '2-code-wrong')
    await page.getByLabel('確認コード（6桁）').fill(codeIn(mail))
    await page.getByRole('button', { name: '確認する' }).click()

    await expect(page.getByText(`${address} のパスワードを再設定します。`)).toBeVisible()
    await page.getByLabel('新しいパスワード', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click()
    await expect(page.getByRole('alert')).toContainText('8文字以上')
    await expect(page.getByLabel('新しいパスワード', { exact: true })).toHaveValue('short')
    await page.getByLabel('新しいパスワード', { exact: true }).fill(NEW_PASSWORD)
    await expectAccessible(page)
    await shoot(page, testInfo, '3-password')
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click()

    await expect(page.getByRole('status')).toContainText('パスワードを再設定しました')
    await expect(page).toHaveURL(/\/web\/login\/password_reset\?step=done$/)
    await expectAccessible(page)
    await shoot(page, testInfo, '4-done')
    expect(await membership(page.request)).toBe('MINI')

    // The old phone is signed out; the member is told by mail.
    expect(await membership(oldPhone)).toBe('GUEST')
    const notice = await mailWithSubject(address, /パスワードを再設定しました/)
    expect(notice.text).toContain('ほかの端末やブラウザは、すべてログアウトしました。')
    const oldLogin = await oldPhone.post('/sp//ajax/login/', {
      headers: XHR,
      data: { mailAddress: address, password: OLD_PASSWORD },
    })
    expect(oldLogin.status()).toBe(401)
    await oldPhone.dispose()

    // On through the sign-in landing: the member agreed while registering, so nothing is asked.
    await page.getByRole('button', { name: '続ける' }).click()
    await expect(page).not.toHaveURL(/password_reset/)
    await expect(page).not.toHaveURL(/agreement/)
    const self = await (await page.request.get('/sp/2/account/self')).json()
    expect(self.entity).toMatchObject({ membershipStatus: 'MINI', account: { mailAddress: address } })

    // The code was single-use: going back to it says so, and leads to the login page.
    const resetId = new URL(/(http\S+password_reset\?\S+)/.exec(mail.text)![1]!).searchParams.get('resetId')!
    await page.goto(`/web/login/password_reset?${new URLSearchParams({ resetId, mailAddress: address })}`)
    await page.getByLabel('確認コード（6桁）').fill(codeIn(mail))
    await page.getByRole('button', { name: '確認する' }).click()
    await expect(page.getByRole('alert')).toContainText('この確認コードは使用済みです')
    await expect(page.getByRole('link', { name: 'ログイン画面へ' }).first()).toBeVisible()
  })

  test("the mail's link opened in another browser sets the password there", async ({
    page,
    otherBrowser,
    playwright,
    baseURL,
  }, testInfo) => {
    const address = uniqueAddress('link')
    const setup = await playwright.request.newContext({ baseURL })
    await registerMember(setup, address)
    await setup.dispose()

    await page.goto('/web/login/password_reset')
    await page.getByLabel('メールアドレス').fill(address)
    await page.getByRole('button', { name: '確認コードを送る' }).click()
    await expect(page.getByText(`${address} にメールを送りました。`)).toBeVisible()
    const mail = await mailWithSubject(address, /パスワードの再設定 確認コード/)
    const link = /(http\S+password_reset\?\S+)/.exec(mail.text)?.[1]
    expect(link).toBeDefined()

    // The PC's browser opens the link: the token is checked, then leaves the address bar.
    const pcPage = await otherBrowser.newPage()
    await pcPage.goto(link!)
    await expect(pcPage.getByText(`${address} のパスワードを再設定します。`)).toBeVisible()
    expect(pcPage.url()).not.toContain('token')
    await pcPage.getByLabel('新しいパスワード', { exact: true }).fill(NEW_PASSWORD)
    await pcPage.getByRole('button', { name: 'パスワードを再設定する' }).click()
    await expect(pcPage.getByRole('status')).toContainText('パスワードを再設定しました')
    expect(await membership(pcPage.request)).toBe('MINI')

    // The link again: used.
    await pcPage.goto(link!)
    await expect(pcPage.getByRole('alert')).toContainText('このリンクは使用済みです')
    await shoot(pcPage, testInfo, 'link-used')

    // The phone, still on the code step: the code was used by the link.
    await page.getByLabel('確認コード（6桁）').fill(codeIn(mail))
    await page.getByRole('button', { name: '確認する' }).click()
    await expect(page.getByRole('alert')).toContainText('この確認コードは使用済みです')
    await expect(page.getByRole('button', { name: '確認する' })).toBeDisabled()
    await shoot(page, testInfo, 'code-used')
  })

  test('an address without an account gets the same screen, and a mail on how to sign in instead', async ({
    page,
  }) => {
    const address = uniqueAddress('nobody')
    await page.goto('/web/login/password_reset')
    await page.getByLabel('メールアドレス').fill(address)
    await page.getByRole('button', { name: '確認コードを送る' }).click()
    await expect(page.getByText(`${address} にメールを送りました。`)).toBeVisible()
    const mail = await lastMailTo(address)
    expect(mail.subject).toBe('【PuriBox】パスワードの再設定について')
    expect(mail.text).toContain('LINE・X・携帯電話会社')
    await page.getByLabel('確認コード（6桁）').fill('123456')
    await page.getByRole('button', { name: '確認する' }).click()
    await expect(page.getByRole('alert')).toContainText('確認コードが違います')
  })
})
