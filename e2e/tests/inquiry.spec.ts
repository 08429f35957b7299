import { lastMailTo } from './mailbox'
import { expect, expectAccessible, screenshots, signIn, test } from './support'

const yesterday = () => {
  const date = new Date(Date.now() + 9 * 3_600_000 - 86_400_000)
  return date.toISOString().slice(0, 10)
}

test('a guest asks about a seal ID: picks the topic, types, reloads, confirms, sends and gets the mail', async ({
  page,
}, testInfo) => {
  const address = `guest-${Date.now()}@example.com`
  await page.goto('/sp/top/menu')
  await page.getByRole('contentinfo').getByRole('link', { name: 'お問い合わせ' }).click()
  await expect(page).toHaveURL(/\/sp\/common\/inquiry$/)
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'inquiry-topics')

  await page.getByRole('link', { name: 'シールIDでプリが見つからない' }).click()
  await expect(page).toHaveURL(/\/sp\/common\/inquiry#\/input\/sealLookup$/)
  // The help answers that may already solve it come first.
  await expect(page.getByRole('link', { name: /このシールIDのプリは見つかりませんでした/ })).toBeVisible()

  // The rules as the person types: a malformed seal ID, a misspelt carrier domain.
  const seal = page.getByLabel('シールID1')
  await seal.fill('ABCDE-1234U')
  await seal.blur()
  await expect(
    page.getByText('シールIDは英数字10文字（XXXXX-XXXXX）です。もう一度確かめてください。'),
  ).toBeVisible()
  await seal.fill('zzzzz-99999')
  await seal.blur()
  await expect(
    page.getByText(/このシールIDのプリは見つかりませんでした。このままお問い合わせいただけます。/),
  ).toBeVisible()
  const mail = page.getByLabel('メールアドレス1')
  await mail.fill(address.replace('example.com', 'docomo.ne.jo'))
  await mail.blur()
  await expect(page.getByText(/入力まちがいかもしれません/)).toBeVisible()
  await mail.fill(address)
  await page.getByLabel(/お問い合わせ内容/).fill('シールIDを入力しても、プリが見つかりません。')
  await screenshots(page, testInfo, 'inquiry-form')

  // A reload in the middle: everything typed is still there.
  await page.reload()
  await expect(page.getByLabel('シールID1')).toHaveValue('zzzzz-99999')
  await expect(page.getByLabel('メールアドレス1')).toHaveValue(address)
  await expect(page.getByLabel(/お問い合わせ内容/)).toHaveValue(
    'シールIDを入力しても、プリが見つかりません。',
  )

  // The date is asked by this topic: without it, the form says so and stays.
  await page.getByRole('button', { name: '入力内容を確認する' }).click()
  await expect(page.getByText('入力してください。')).toBeVisible()
  await page.getByLabel(/撮った日・起きた日/).fill(yesterday())
  await page.getByLabel(/プリ機の名前/).fill('ミルキーガール')
  await page.getByRole('button', { name: '入力内容を確認する' }).click()

  await expect(page).toHaveURL(/#\/confirm\/sealLookup$/)
  await expect(page.getByText('ZZZZZ-99999')).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'inquiry-confirm')
  await page.getByRole('button', { name: '送信する' }).dblclick()

  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせを受け付けました' })).toBeVisible()
  const referenceNumber = (await page.locator('.inquiry-sent__number').textContent()) ?? ''
  expect(referenceNumber).toMatch(/^PB\d{6}-[0-9A-HJKMNP-TV-Z]{4}$/)
  await expectAccessible(page)
  await screenshots(page, testInfo, 'inquiry-sent')

  // The guest's typed address is nobody's proved one: it gets the reference number and a fixed text,
  // never what was typed, so PuriBox cannot carry a stranger's text to anyone.
  const confirmation = await lastMailTo(address)
  expect(confirmation.subject).toContain(referenceNumber)
  expect(confirmation.text).toContain(referenceNumber)
  expect(confirmation.text).not.toContain('ZZZZZ-99999')
  // Support reads it all, and answers the typed address.
  const toSupport = await lastMailTo('support@puribox.jp')
  expect(toSupport.subject).toContain(referenceNumber)
  expect(toSupport.text).toContain('ZZZZZ-99999')
  expect(toSupport.text).toContain(`Reply-To: ${address}`)

  // Sent: the form starts empty again, and the sent page survives a reload.
  await page.reload()
  await expect(page.locator('.inquiry-sent__number')).toHaveText(referenceNumber)
})

test("a member's known facts are filled in, and the penalty page opens its topic", async ({ page }) => {
  await signIn(page, 'premium@demo.puribox.jp')
  await page.goto('/sp/common/aboutPenalty')
  await page.getByRole('main').getByRole('link', { name: 'お問い合わせする' }).click()
  await expect(page).toHaveURL(/\/sp\/common\/inquiry#\/input\/penalty$/)
  await expect(page.getByLabel('メールアドレス1')).toHaveValue('premium@demo.puribox.jp')
  await expect(page.getByRole('radio', { name: 'プレミアム会員', exact: true })).toBeChecked()

  await page.goto('/sp/common/inquiry#/input/payment')
  await expect(page.getByRole('radio', { name: 'クレジットカード' })).toBeChecked()
  await expect(page.getByLabel(/お支払い金額/)).toHaveValue('330')
})
