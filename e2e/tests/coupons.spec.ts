import type { Page } from '@playwright/test'
import { expect, registerByMail, screenshots, signIn, test } from './support'

const usableSection = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: '使えるクーポン' }) })

test('a demo member opens the coupons from the menu, uses one at the shop, and a second device sees it used', async ({
  page,
  otherBrowser,
}, testInfo) => {
  await signIn(page, 'mini@demo.puribox.jp')
  await page.getByRole('button', { name: 'メニュー' }).click()
  await page
    .getByRole('navigation', { name: 'サイトメニュー' })
    .getByRole('link', { name: 'クーポン' })
    .click()
  await expect(page).toHaveURL(/\/sp\/2\/coupon\/tickets$/)
  await expect(page.getByRole('heading', { level: 1, name: 'クーポン' })).toBeVisible()
  // The demo's tickets: usable ones (the welcome and the shop's), a used one and an expired one.
  await expect(page.getByRole('article', { name: '渋谷センター街店 限定クーポン' })).toContainText(
    'プリボックス 渋谷センター街店（東京都）',
  )
  await expect(page.getByRole('article', { name: '冬の限定フレーム記念クーポン' })).toContainText('使用済み')
  await expect(page.getByRole('article', { name: '秋のおでかけクーポン' })).toContainText('期限切れ')
  await screenshots(page, testInfo, 'coupons-list')

  // The same member on a second phone has the page open too.
  const other = await otherBrowser.newPage()
  await signIn(other, 'mini@demo.puribox.jp')
  await other.goto('/sp/2/coupon/tickets')

  // The first usable ticket (a retry of this test may have used the welcome one already).
  const title =
    (await usableSection(page)
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'このクーポンを使う' }) })
      .first()
      .getByRole('heading')
      .textContent()) ?? ''
  const card = page.getByRole('article', { name: title })
  await card.getByRole('button', { name: 'このクーポンを使う' }).click()
  await expect(card.getByText('このクーポンを使いますか？')).toBeVisible()
  await screenshots(page, testInfo, 'coupons-confirm')
  await card.getByRole('button', { name: '使う', exact: true }).click()
  const done = card.getByRole('status')
  await expect(done).toContainText('クーポンを使いました')
  await expect(done.locator('.coupon-used__value')).toHaveText(
    /^[234679ACDEFGHJKMNPQRTWXYZ]{4} [234679ACDEFGHJKMNPQRTWXYZ]{4}$/,
  )
  const usedAt = (await done.locator('time').textContent()) ?? ''
  expect(usedAt).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)
  await screenshots(page, testInfo, 'coupons-used')

  // After a reload the card is among the used ones, with the time it was used.
  await page.reload()
  const usedCard = page.getByRole('article', { name: title })
  await expect(usedCard).toContainText('使用済み')
  await expect(usedCard).toContainText(`${usedAt}に使用`)
  await expect(usedCard.getByRole('button', { name: 'このクーポンを使う' })).toHaveCount(0)

  // The second phone, still showing it usable, tries: it is told when it was used.
  const stale = other.getByRole('article', { name: title })
  await stale.getByRole('button', { name: 'このクーポンを使う' }).click()
  await stale.getByRole('button', { name: '使う', exact: true }).click()
  await expect(stale.getByRole('alert')).toHaveText(`このクーポンは${usedAt}に使用済みです。`)
  await expect(stale).toContainText(`${usedAt}に使用`)
  await expect(stale.getByRole('alert')).toHaveText(`このクーポンは${usedAt}に使用済みです。`)
  await screenshots(other, testInfo, 'coupons-already-used')
})

test('a guest reads what coupons are, registers from there, and comes back to a welcome coupon', async ({
  page,
}, testInfo) => {
  await page.goto('/sp/2/coupon/tickets')
  await expect(page.getByRole('heading', { name: 'クーポンとは' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'クーポンのもらい方' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'ログインしてクーポンを見る' })).toHaveAttribute(
    'href',
    '/web/login/top?next=%2Fsp%2F2%2Fcoupon%2Ftickets',
  )
  await screenshots(page, testInfo, 'coupons-guest')

  await page.getByRole('link', { name: '無料で会員登録してクーポンをもらう' }).click()
  await registerByMail(page, 'coupons')
  await expect(page).toHaveURL(/\/sp\/2\/coupon\/tickets/)
  const welcome = page.getByRole('article', { name: '会員登録クーポン' })
  await expect(welcome).toContainText('1回 100円引き')
  await expect(welcome.getByRole('button', { name: 'このクーポンを使う' })).toBeVisible()
})
