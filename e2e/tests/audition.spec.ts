import { expect, registerByMail, screenshots, test } from './support'

const TEEN_AUDITION = '2027年春 新機種イメージモデル オーディション'

test('a new member sets the birthday, starts an identity check, picks an outcome at the verifier, and sees the result', async ({
  page,
}, testInfo) => {
  await page.goto('/sp/account/register_email')
  await registerByMail(page, 'audition')
  await expect(page).not.toHaveURL(/register_email/)

  // From the settings page; without a birthday, the page asks for it first.
  await page.goto('/sp/setting/setting')
  await page.getByRole('link', { name: 'オーディションに応募する（本人確認）' }).click()
  await expect(page).toHaveURL(/\/sp\/audition$/)
  await expect(page.getByRole('heading', { level: 1, name: 'オーディション' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '生年月日を登録してください' })).toBeVisible()
  await screenshots(page, testInfo, 'audition-birthday')

  await page.getByRole('link', { name: '生年月日を登録する' }).click()
  await expect(page).toHaveURL(/\/sp\/setting\/userinfo\?from=%2Fsp%2Faudition$/)
  // 18 or 19 on any day of 2026-2027: an adult (no guardian's consent), inside the teenagers' and
  // the young adults' auditions, not the adults'.
  await page.getByLabel('生年月日の年').selectOption('2008')
  await page.getByLabel('生年月日の月').selectOption('1')
  await page.getByLabel('生年月日の日').selectOption('1')
  await page.getByRole('button', { name: '保存する' }).click()
  await expect(page.getByText('保存しました')).toBeVisible()
  await page.getByRole('link', { name: 'もとのページにもどる' }).click()

  await expect(page).toHaveURL(/\/sp\/audition$/)
  const card = page.getByRole('article', { name: TEEN_AUDITION })
  await expect(card).toContainText('対象：13〜19歳')
  await expect(
    page.getByRole('article', { name: '親友プリ キャンペーン公式モデル オーディション' }),
  ).toBeVisible()
  await expect(page.getByText('年齢の条件に合わないオーディション（1件）')).toBeVisible()
  await screenshots(page, testInfo, 'audition-list')

  // At the verifier (the sandbox), the tester first gives up, and comes back to say so.
  await card.getByRole('button', { name: '本人確認に進む' }).click()
  await expect(page).toHaveURL(/\/_sandbox\/verify\/session\//)
  await expect(page.getByText(TEEN_AUDITION)).toBeVisible()
  await screenshots(page, testInfo, 'audition-verifier')
  await page.getByRole('button', { name: '途中でやめる' }).click()
  await expect(page).toHaveURL(/\/sp\/audition\?check=[0-9a-f-]{36}$/)
  await expect(
    page.getByRole('status').filter({ has: page.getByRole('heading', { name: '本人確認を中断しました' }) }),
  ).toContainText(`「${TEEN_AUDITION}」の本人確認は終わっていません`)

  // Then again, verified this time.
  await page
    .getByRole('article', { name: TEEN_AUDITION })
    .getByRole('button', { name: 'もう一度本人確認をする' })
    .click()
  await expect(page).toHaveURL(/\/_sandbox\/verify\/session\//)
  await page.getByRole('button', { name: '本人確認ができた' }).click()
  await expect(page).toHaveURL(/\/sp\/audition\?check=[0-9a-f-]{36}$/)
  const result = page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: '本人確認ができました' }) })
  await expect(result).toContainText(`「${TEEN_AUDITION}」への応募を受け付けました`)
  const sent = page
    .getByRole('article', { name: TEEN_AUDITION })
    .getByRole('region', { name: '主催者に送った内容' })
  await expect(sent).toContainText('応募番号')
  await expect(sent).toContainText('生年月日2008年1月1日')
  await screenshots(page, testInfo, 'audition-verified')

  // Reloading the way back changes nothing; the verifier's page, opened again, is closed.
  const returned = page.url()
  await page.reload()
  await expect(page.getByRole('heading', { name: '本人確認ができました' })).toBeVisible()
  await expect(page.getByRole('article', { name: TEEN_AUDITION }).getByRole('button')).toHaveCount(0)
  expect(page.url()).toBe(returned)
})
