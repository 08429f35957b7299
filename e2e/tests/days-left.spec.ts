import { addDays, formatJst, monthDayJst, parseJst } from '@puribox/contract/time'
import { expect, pushDemoPlay, signUpFromPreview, test } from './support'

test('a free member sees on my page the days left to save, counted from the time-travel clock', async ({
  page,
}, testInfo) => {
  // A fresh play (its seal lives 7 days), saved by a new free member: one puri saved, five waiting.
  const { sealId, sealExpireDate } = await pushDemoPlay({ regular: 4, raw: 2 })
  const expiry = parseJst(sealExpireDate)
  if (!expiry) throw new Error(`unexpected sealExpireDate ${sealExpireDate}`)
  await page.goto(`/web/preview?sealId=${sealId}`)
  await signUpFromPreview(page, 'days-left')
  await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()

  // My page: the play, its five unsaved puris, 7 days left, and the day before expiry to save by.
  await page.getByRole('link', { name: 'マイページでプリを見る' }).click()
  await expect(page).toHaveURL(/\/sp\/2\/mypage\/#\/puri\/new$/)
  const unsaved = page.locator('.saved-play__unsaved')
  await expect(unsaved).toContainText('未保存のプリが5枚あります。あと7日で見られなくなります。')
  const saveBy = monthDayJst(addDays(expiry, -1))
  await expect(unsaved).toContainText(`${saveBy.month}月${saveBy.day}日までにプレミアム会員になると`)
  await expect(page.getByRole('status').filter({ hasText: 'タイムトラベル中' })).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('1-mypage-7-days.png') })

  // Time travel (the debug page, for this session only) to 3½ days before the expiry.
  const travelTo = formatJst(addDays(expiry, -3.5)).slice(0, 16)
  await page.goto('/sp/debug/time_travel')
  await page.getByLabel('日時（日本時間）').fill(travelTo)
  await page.getByRole('button', { name: 'この日時に設定' }).click()
  const [date, time] = travelTo.split('T') as [string, string]
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const shown = `${year}年${month}月${day}日 ${time}`
  await expect(page.getByText(`${shown} に設定しました。`)).toBeVisible()

  // Back on my page: 4 days left (3½ rounded up), and the toast says which "now" is in use.
  await page.goto('/sp/2/mypage/')
  await expect(unsaved).toContainText('未保存のプリが5枚あります。あと4日で見られなくなります。')
  await expect(unsaved).toContainText(`${saveBy.month}月${saveBy.day}日までにプレミアム会員になると`)
  const toast = page.getByRole('status').filter({ hasText: 'タイムトラベル中' })
  await expect(toast).toContainText(shown)
  await page.screenshot({ path: testInfo.outputPath('2-mypage-time-travel.png') })

  // The toast closes; the days left stay as the clock says.
  await page.getByRole('button', { name: 'タイムトラベルのお知らせを閉じる' }).click()
  await expect(toast).toHaveCount(0)
  await expect(unsaved).toContainText('あと4日で見られなくなります。')
})
