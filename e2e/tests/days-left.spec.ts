import { addDays, formatJst, parseJst } from '@puribox/contract/time'
import { expect, pushDemoPlay, signUpFromPreview, test } from './support'

/** `2026-11-30T06:49:00` → `11月30日 06:49`, as the deadline names a date further off. */
function monthDayTime(wire: string): string {
  return `${Number(wire.slice(5, 7))}月${Number(wire.slice(8, 10))}日 ${wire.slice(11, 16)}`
}

test('one deadline everywhere, counted from the time-travel clock: days ahead, then the clock time and hours', async ({
  page,
}, testInfo) => {
  // A fresh play (its seal lives 7 days), saved by a new free member: one puri saved, five waiting.
  const { sealId, sealExpireDate } = await pushDemoPlay({ regular: 4, raw: 2 })
  const expiry = parseJst(sealExpireDate)
  if (!expiry) throw new Error(`unexpected sealExpireDate ${sealExpireDate}`)
  // What a free member is told: the spec's save-by moment, a day before the seal expires.
  const saveBy = addDays(expiry, -1)
  const told = `${monthDayTime(formatJst(saveBy))}まで（あと6日）`

  await page.goto(`/web/preview?sealId=${sealId}`)
  await expect(page.getByText('あと6日')).toBeVisible()
  await expect(page.getByText(`${monthDayTime(formatJst(saveBy))}まで`)).toBeVisible()
  await signUpFromPreview(page, 'days-left')
  await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()
  // The save screen says the same.
  await expect(page.getByText(told)).toBeVisible()

  // My page: the play, its five unsaved puris locked, and the same deadline.
  await page.getByRole('link', { name: 'マイページでプリを見る' }).click()
  await expect(page).toHaveURL(/\/sp\/2\/mypage\/#\/puri\/new$/)
  const play = page.getByRole('region', { name: /6枚中1枚を保存/ })
  await expect(play.getByRole('button', { name: /（未保存( らくがき前)?）を大きく見る/ })).toHaveCount(5)
  await expect(play).toContainText(`保存期限 ${told}`)
  await expect(page.getByRole('status').filter({ hasText: 'タイムトラベル中' })).toHaveCount(0)
  await page.screenshot({ scale: 'css', path: testInfo.outputPath('1-mypage-6-days.png') })

  // Time travel (the debug page, for this session only) to 90 minutes before the save-by moment.
  const travel = formatJst(new Date(saveBy.getTime() - 90 * 60 * 1000)).slice(0, 16)
  await page.goto('/sp/debug/time_travel')
  await page.getByLabel('日時（日本時間）').fill(travel)
  await page.getByRole('button', { name: 'この日時に設定' }).click()
  const [date, time] = travel.split('T') as [string, string]
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const shown = `${year}年${month}月${day}日 ${time}`
  await expect(page.getByText(`${shown} に設定しました。`)).toBeVisible()

  // Back on my page: the clock time on its day and the hours left; never 「あと1日」.
  const sameDay = formatJst(saveBy).slice(0, 10) === date
  const close = `${sameDay ? '本日' : '明日'} ${formatJst(saveBy).slice(11, 16)}まで（あと1時間）`
  await page.goto('/sp/2/mypage/')
  await expect(play).toContainText(`保存期限 ${close}`)
  await expect(play).not.toContainText('あと1日')
  const toast = page.getByRole('status').filter({ hasText: 'タイムトラベル中' })
  await expect(toast).toContainText(shown)
  await page.screenshot({ scale: 'css', path: testInfo.outputPath('2-mypage-time-travel.png') })

  // The preview and the unsaved pictures say the same, from the same rule.
  await page.goto(`/web/preview?sealId=${sealId}`)
  await expect(page.getByText('あと1時間')).toBeVisible()
  await expect(page.getByText(close.slice(0, close.indexOf('（')))).toBeVisible()
  await expect(page.getByText('あと1日')).toHaveCount(0)
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: width === 320 ? 568 : 844 })
    await page.screenshot({ scale: 'css', path: testInfo.outputPath(`3-preview-close-${width}.png`) })
  }
  await page.goto('/sp/2/mypage/#/puri/unsaved')
  await expect(page.getByRole('heading', { level: 1, name: '未保存のプリ' })).toBeVisible()
  await expect(
    page
      .getByRole('region')
      .filter({ hasText: sealId.slice(0, 5) })
      .filter({ hasText: close }),
  ).toHaveCount(1)

  // The toast closes; the deadline stays as the clock says.
  await page.getByRole('button', { name: 'タイムトラベルのお知らせを閉じる' }).click()
  await expect(toast).toHaveCount(0)
  await expect(page.getByText(close).first()).toBeVisible()
})
