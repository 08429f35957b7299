import type { Page } from '@playwright/test'
import { consoleSession, expectAuditEntry, openAuditLog, openSection, supportOperator } from './console'
import { lastMailTo } from './mailbox'
import { expect, registerByMail, test } from './support'

/**
 * A support operator's cases, end to end: what a member does on their phone, what the operator does
 * about it in the console on a laptop, what the member then sees, and the audit log's entry.
 *
 * The operator is made by `npm run operator` itself, before the test server starts
 * (playwright.config.ts): the embedded database is one process's at a time, so the command cannot
 * run beside the server, and a second server started here would cost a whole start (migrations and
 * the demo seed) for what one run of the command before the first start gives. The first admin on
 * an empty database, and a machine key, a booth's play and news from that admin, are the production
 * walk's (production-walk.spec.ts), on a server of its own.
 *
 * The three cases share the one operator, signed in once through the form (the server takes each
 * authenticator code once, so three sign-ins within 30 seconds would wait for the app's next codes):
 * they run one after the other in one worker, and a later one keeps the first one's session.
 */
test.describe.configure({ mode: 'serial' })

/** A second grader's birth year today (Japan): born in September of the school year's cohort. */
function secondGraderBirthYear(): number {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number]
  const schoolYear = month >= 4 ? year : year - 1
  return schoolYear - 14
}

/** A small picture drawn by the browser, as a phone's camera roll gives one. */
async function picture(page: Page, name: string, hue: number) {
  const dataUrl = await page.evaluate((hue) => {
    const canvas = document.createElement('canvas')
    canvas.width = 240
    canvas.height = 160
    const context = canvas.getContext('2d')!
    context.fillStyle = `hsl(${hue} 70% 80%)`
    context.fillRect(0, 0, 240, 160)
    return canvas.toDataURL('image/png')
  }, hue)
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') }
}

/** A given name no other test's applicant has, so the queue's row is this test's. */
const uniqueGivenName = () => `はな${Date.now().toString(36).slice(-4)}`

test('a junior-high application sent from the phone is approved in the console, and the member has premium', async ({
  page,
  laptop,
}) => {
  // The member: signs up from the application's page and sends it with the four pictures.
  await page.goto('/sp/jhs_free?from=top#/lp')
  await page.getByRole('main').getByRole('link', { name: '会員登録', exact: true }).first().click()
  const address = await registerByMail(page, 'jhs-approved')
  await expect(page).toHaveURL(/#\/input\/profile$/)
  const givenName = uniqueGivenName()
  await page.getByLabel('姓').fill('山田')
  await page.getByLabel('名', { exact: true }).fill(givenName)
  await page.getByLabel('生年月日の年').selectOption(String(secondGraderBirthYear()))
  await page.getByLabel('生年月日の月').selectOption('9')
  await page.getByLabel('生年月日の日').selectOption('10')
  await page.getByLabel('学年').selectOption('2')
  await page.getByLabel('本人確認書類の種類').selectOption('PASSPORT')
  const slots = [
    '1. 本人確認書類',
    '2. 健康保険証（資格確認書）',
    '3. 生徒手帳か学生証（表）',
    '4. 生徒手帳か学生証（裏）',
  ]
  for (const [index, title] of slots.entries()) {
    const slot = page.getByRole('group', { name: title })
    await slot
      .getByLabel('写真を選ぶ')
      .setInputFiles(await picture(page, `card-${index + 1}.png`, index * 90))
    await expect(slot.getByText(`送信済み：card-${index + 1}.png`)).toBeVisible()
  }
  await page.getByRole('button', { name: '確認画面へ' }).click()
  await page.getByRole('button', { name: '申し込む' }).click()
  await expect(page.getByRole('heading', { name: '申し込みを受け付けました' })).toBeVisible()

  // The support operator: finds it waiting in the queue and approves it.
  const operator = await supportOperator()
  const admin = await consoleSession(laptop, operator)
  await openSection(admin, '中学生の申し込み')
  await admin.getByRole('link', { name: new RegExp(`山田 ${givenName}`) }).click()
  await expect(admin.getByRole('heading', { level: 1, name: `山田 ${givenName}` })).toBeVisible()
  await expect(admin.getByText('審査待ち')).toBeVisible()
  // A look at one certificate (each look is audited too).
  await admin.getByRole('button', { name: '健康保険証（資格確認書）の画像を表示' }).click()
  await expect(admin.getByRole('img', { name: '健康保険証（資格確認書）の画像' })).toBeVisible()
  await admin.getByRole('button', { name: '承認する' }).click()
  await admin.getByRole('button', { name: '承認する' }).click()
  await expect(admin.getByText(`承認しました。${address} に`, { exact: false })).toBeVisible()

  // The applicant's mail, and premium on the phone.
  const mail = await lastMailTo(address)
  expect(mail.subject).toBe('【PuriBox】中学生無料プレミアムが使えるようになりました')
  await page.goto('/sp/jhs_free#/lp')
  await expect(page.getByText('承認されました')).toBeVisible()
  await expect(page.getByText(/まで、中学生無料プレミアムを使えます。/)).toBeVisible()

  // The audit log names the approval and who made it.
  await admin.getByRole('link', { name: 'この申し込みの監査ログを見る' }).click()
  await expectAuditEntry(admin, '中学生無料プレミアムの申し込みを承認', operator.mailAddress)
  await expectAuditEntry(admin, '申し込みの書類の画像を表示', operator.mailAddress)
})

test("a guest's inquiry is answered from the console, and the answer reaches the guest's mailbox", async ({
  page,
  laptop,
}) => {
  // The guest: asks from the footer's inquiry page.
  const address = `asks-${Date.now()}@example.jp`
  await page.goto('/sp/common/inquiry')
  await page.getByRole('link', { name: 'その他' }).click()
  await page.getByLabel('メールアドレス1').fill(address)
  await page.getByLabel(/お問い合わせ内容/).fill('プリ機の近くの店舗を教えてください。')
  await page.getByRole('button', { name: '入力内容を確認する' }).click()
  await page.getByRole('button', { name: '送信する' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせを受け付けました' })).toBeVisible()
  const referenceNumber = (await page.locator('.inquiry-sent__number').textContent()) ?? ''
  expect(referenceNumber).toMatch(/^PB\d{6}-[0-9A-Z]{4}$/)

  // The support operator: finds it by its number, takes it and answers by mail.
  const operator = await supportOperator()
  const admin = await consoleSession(laptop, operator)
  await openSection(admin, 'お問い合わせ')
  await admin.getByLabel('受付番号').fill(referenceNumber)
  await admin.getByRole('button', { name: 'この条件で表示' }).click()
  await admin.getByRole('link', { name: referenceNumber }).click()
  await expect(admin.getByRole('heading', { level: 1, name: `受付番号 ${referenceNumber}` })).toBeVisible()
  await expect(admin.getByText('プリ機の近くの店舗を教えてください。')).toBeVisible()
  await admin.getByRole('button', { name: '自分が担当する' }).click()
  await expect(admin.getByText(`担当者を${operator.mailAddress}にしました。`)).toBeVisible()
  await admin
    .getByLabel('返信の本文')
    .fill('お問い合わせありがとうございます。店舗は「プリ機をさがす」から探せます。')
  await admin.getByRole('button', { name: 'メールで返信する' }).click()
  await expect(admin.getByText('返信をメールで送信しました。')).toBeVisible()

  // The guest's mailbox: the answer, with the reference number in its subject.
  const answer = await lastMailTo(address)
  expect(answer.subject).toContain(referenceNumber)
  expect(answer.text).toContain('店舗は「プリ機をさがす」から探せます。')

  // The audit log: the reply to this inquiry, by this operator.
  const inquiryId = new URL(admin.url()).pathname.split('/').at(-1) ?? ''
  await openAuditLog(admin, { targetKind: 'お問い合わせ', targetId: inquiryId })
  await expectAuditEntry(admin, 'お問い合わせに返信', operator.mailAddress)
})

test('an SNS penalty set in the console is what the member sees on the profile page', async ({
  page,
  laptop,
}) => {
  // The member: a new account, whose profile page says nothing of a penalty.
  await page.goto('/web/login/top')
  await page.getByRole('main').getByRole('link', { name: '会員登録', exact: true }).first().click()
  const address = await registerByMail(page, 'sns-penalty')
  await page.goto('/sp/setting/userinfo')
  await expect(page.getByRole('heading', { level: 1, name: 'プロフィール設定' })).toBeVisible()
  await expect(page.getByRole('note')).toHaveCount(0)

  // The support operator: finds the member by the address and restricts the SNS features.
  const operator = await supportOperator()
  const admin = await consoleSession(laptop, operator)
  await openSection(admin, '会員')
  await admin.getByLabel('メールアドレス').fill(address)
  await admin.getByRole('button', { name: 'さがす' }).click()
  await admin.getByRole('row').filter({ hasText: address }).getByRole('link').click()
  await admin.getByRole('button', { name: 'SNSのペナルティを設定' }).click()
  const dialog = admin.getByRole('dialog', { name: 'SNSのペナルティを設定する' })
  await dialog.getByLabel('ペナルティの種類').selectOption({ label: '機能制限' })
  await dialog.getByLabel('理由').selectOption({ label: '不適切なニックネーム' })
  // The sentence the member will read, before anything is sent.
  await expect(dialog).toContainText('ニックネームに、ほかの人が不快に感じる言葉や')
  await dialog.getByRole('button', { name: '設定する' }).click()
  await expect(admin.getByText('SNSのペナルティを「機能制限」にしました。')).toBeVisible()

  // The member: told why, and the profile can no longer be changed.
  await page.reload()
  const notice = page.getByRole('note')
  await expect(notice).toContainText('プロフィールを変更できません')
  await expect(notice).toContainText('ニックネームに、ほかの人が不快に感じる言葉や')
  await expect(page.getByLabel('ニックネーム')).toBeDisabled()

  // The audit log of the account: the penalty, by this operator.
  await admin.getByRole('link', { name: 'この会員の監査ログを見る' }).click()
  await expectAuditEntry(admin, 'ペナルティを設定', operator.mailAddress)
})
