import type { Page } from '@playwright/test'
import { expect, registerByMail, screenshots, test } from './support'

/** A small picture drawn by the browser (PNG or JPEG), as a phone's camera roll would give one. */
async function picture(page: Page, name: string, type: 'image/png' | 'image/jpeg', hue: number) {
  const dataUrl = await page.evaluate(
    ({ type, hue }) => {
      const canvas = document.createElement('canvas')
      canvas.width = 360
      canvas.height = 240
      const context = canvas.getContext('2d')!
      context.fillStyle = `hsl(${hue} 70% 80%)`
      context.fillRect(0, 0, 360, 240)
      context.fillStyle = '#333'
      context.fillRect(20, 20, 160, 24)
      return canvas.toDataURL(type, 0.9)
    },
    { type, hue },
  )
  return { name, mimeType: type, buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') }
}

/** A second grader's birth year today (Japan): born in September of the school year's cohort. */
function secondGraderBirthYear(): number {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number]
  const schoolYear = month >= 4 ? year : year - 1
  return schoolYear - 14
}

const certificate = (page: Page, title: string) => page.getByRole('group', { name: title })

test('a new member applies for junior-high free premium: four pictures with progress, a renamed file refused, a reload kept, sent and 審査中', async ({
  page,
}, testInfo) => {
  await page.goto('/sp/jhs_free?from=top#/lp')
  await expect(page.getByRole('heading', { level: 1, name: '中学生無料プレミアム' })).toBeVisible()
  await expect(page.getByText('中学3年生の3月31日まで使えます', { exact: false })).toBeVisible()
  await screenshots(page, testInfo, 'jhs-landing-guest')

  // A guest registers and comes back to the form.
  await page.getByRole('main').getByRole('link', { name: '会員登録', exact: true }).first().click()
  const address = await registerByMail(page, 'jhs')
  await expect(page).toHaveURL(/\/sp\/jhs_free\?from=top&registered=1#\/input\/profile$/)
  await expect(page.getByText('会員登録が完了しました')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: '中学生無料プレミアム' })).toBeVisible()

  await page.getByLabel('姓').fill('山田')
  await page.getByLabel('名', { exact: true }).fill('花子')
  await page.getByLabel('生年月日の年').selectOption(String(secondGraderBirthYear()))
  await page.getByLabel('生年月日の月').selectOption('9')
  await page.getByLabel('生年月日の日').selectOption('10')
  // A wrong grade is told as the person goes on.
  await page.getByLabel('学年').selectOption('1')
  await page.getByLabel('本人確認書類の種類').selectOption('PASSPORT')

  // A text file renamed .jpg is refused by its content, with a message.
  const kind = certificate(page, '1. 本人確認書類')
  await kind.getByLabel('写真を選ぶ').setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('this is not a picture at all, only text renamed to .jpg'),
  })
  await expect(kind.getByRole('alert')).toContainText('ファイル名を変えただけのファイルは送れません')

  // Four real pictures, each with its progress, then listed as sent.
  await kind.getByLabel('写真を選ぶ').setInputFiles(await picture(page, 'passport.jpg', 'image/jpeg', 10))
  await expect(kind.getByText('送信済み：passport.jpg')).toBeVisible()
  const others = [
    ['2. 健康保険証（資格確認書）', 'insurance.png', 'image/png', 120],
    ['3. 生徒手帳か学生証（表）', 'card-front.jpg', 'image/jpeg', 200],
    ['4. 生徒手帳か学生証（裏）', 'card-back.png', 'image/png', 300],
  ] as const
  // The signal drops during the insurance card's first chunk: it says so, then goes on by itself.
  let dropped = false
  await page.route(/\/sp\/2\/jhs_free\/self\/uploads\/[^/]+\?offset=/, async (route) => {
    if (route.request().method() === 'PUT' && !dropped) {
      dropped = true
      return route.abort('internetdisconnected')
    }
    return route.continue()
  })
  for (const [title, name, type, hue] of others) {
    const field = certificate(page, title)
    await field.getByLabel('写真を選ぶ').setInputFiles(await picture(page, name, type, hue))
    if (name === 'insurance.png') {
      await expect(field.getByRole('progressbar')).toBeVisible()
      await expect(field.getByText('電波が弱いようです。つなぎ直しています…')).toBeVisible()
    }
    await expect(field.getByText(`送信済み：${name}`)).toBeVisible()
  }
  expect(dropped).toBe(true)
  await page.unroute(/\/sp\/2\/jhs_free\/self\/uploads\/[^/]+\?offset=/)
  await page.getByRole('button', { name: '確認画面へ' }).click()
  await expect(page.getByLabel('学年').locator('..')).toContainText('いま中学2年生です')
  await page.getByLabel('学年').selectOption('2')
  await screenshots(page, testInfo, 'jhs-form')

  // A reload in the middle: the typing and the pictures are still there.
  await page.reload()
  await expect(page.getByLabel('姓')).toHaveValue('山田')
  await expect(page.getByLabel('学年')).toHaveValue('2')
  await expect(
    certificate(page, '4. 生徒手帳か学生証（裏）').getByText('送信済み：card-back.png'),
  ).toBeVisible()
  await expect(certificate(page, '1. 本人確認書類').getByText('送信済み：passport.jpg')).toBeVisible()

  await page.getByRole('button', { name: '確認画面へ' }).click()
  await expect(page).toHaveURL(/#\/input\/confirm$/)
  await expect(page.getByText('山田 花子')).toBeVisible()
  await screenshots(page, testInfo, 'jhs-confirm')

  // The session runs out before sending: the page says so, signing in again comes back here, and
  // nothing typed or uploaded is lost.
  await page.context().clearCookies()
  await page.getByRole('button', { name: '申し込む' }).click()
  await expect(page.getByRole('alert')).toContainText('ログインの有効期限が切れました')
  await page.getByRole('link', { name: 'ログインして続ける' }).click()
  await page.getByLabel('メールアドレス').fill(address)
  await page.getByLabel('パスワード', { exact: true }).fill('sakura-purikura-7')
  await page.getByRole('button', { name: 'ログイン' }).click()
  await expect(page).toHaveURL(/\/sp\/jhs_free\?.*#\/input\/confirm$/)
  await expect(page.getByText('山田 花子')).toBeVisible()
  await expect(page.getByText('card-back.png')).toBeVisible()
  await page.getByRole('button', { name: '申し込む' }).click()
  await expect(page.getByRole('heading', { name: '申し込みを受け付けました' })).toBeVisible()
  await expect(page.getByText('審査中')).toBeVisible()
  await screenshots(page, testInfo, 'jhs-sent')

  // The landing shows it waiting, and offers no second application.
  await page.goto('/sp/jhs_free#/lp')
  await expect(page.getByText('審査中')).toBeVisible()
  await expect(page.getByRole('link', { name: '申し込む' })).toHaveCount(0)
  await screenshots(page, testInfo, 'jhs-landing-pending')
})
