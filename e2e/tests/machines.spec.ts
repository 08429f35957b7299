import type { Page } from '@playwright/test'
import { expect, screenshots, test } from './support'

const shopCards = (page: Page) => page.locator('.shop-card')

test('the machine list leads to a machine page, and from there to the shops that have one', async ({
  page,
}, testInfo) => {
  // The top page's button: the models whose plays can be kept here.
  await page.goto('/sp/top/menu')
  await page.getByRole('link', { name: 'PuriBox対応のプリ機をさがす' }).click()
  await expect(page).toHaveURL(/\/web\/machines\/information\?isIdFederationSupported=true$/)
  await expect(page.getByRole('heading', { level: 1, name: 'プリ機一覧' })).toBeVisible()
  await expect(page.locator('.machine-card').first()).toBeVisible()
  await expect(page.getByText('PuriBoxには保存できません')).toHaveCount(0)
  const kept = await page.locator('.machine-card').count()

  // Every model.
  await page.getByRole('link', { name: 'すべての機種' }).click()
  await expect(page).toHaveURL(/\/web\/machines\/information$/)
  await expect(page.getByText('PuriBoxには保存できません').first()).toBeVisible()
  const all = await page.locator('.machine-card').count()
  expect(all).toBeGreaterThanOrEqual(12)
  expect(kept).toBeLessThan(all)
  await screenshots(page, testInfo, 'machine-list')

  await page.locator('.machine-card').filter({ hasText: 'ミルキーガール' }).click()
  await expect(page).toHaveURL(/\/sp\/machine\/milky-girl$/)
  await expect(page.getByRole('heading', { level: 1, name: 'ミルキーガール' })).toBeVisible()
  const sample = page.getByRole('img', { name: 'ミルキーガールの見本 1枚目' })
  await expect(sample).toBeVisible()
  expect(await sample.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  const map = shopCards(page)
    .first()
    .getByRole('link', { name: /地図で見る/ })
  await expect(map).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=\d/)
  await screenshots(page, testInfo, 'machine-page')

  await page.getByRole('link', { name: /この機種がある店舗をすべて見る/ }).click()
  await expect(page).toHaveURL(/\/sp\/2\/machines\/search\?modelId=milky-girl$/)
  await expect(
    page.getByRole('heading', { level: 2, name: /^ミルキーガールの検索結果 \d+件$/ }),
  ).toBeVisible()
  for (const card of await shopCards(page).all()) await expect(card).toContainText('ミルキーガール')
})

test('an unknown machine shows the not-found screen', async ({ page }) => {
  await page.goto('/sp/machine/no-such-machine')
  await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible()
})

test('search by prefecture and city, pages kept in the address, and a keyword in hiragana', async ({
  page,
}, testInfo) => {
  await page.goto('/sp/2/machines/search')
  await expect(page.getByText('都道府県・キーワード・機種をえらぶか')).toBeVisible()
  await screenshots(page, testInfo, 'search-start')

  await page.getByLabel('都道府県').selectOption({ label: '東京都' })
  const city = page.getByLabel('市区町村')
  await expect(city.locator('option', { hasText: '新宿区' })).toHaveCount(1)
  await city.selectOption({ label: '新宿区' })
  await page.getByRole('button', { name: 'この条件でさがす' }).click()
  await expect(page).toHaveURL(/prefecture=13&city=/)
  await expect(shopCards(page).first()).toBeVisible()
  for (const card of await shopCards(page).all()) await expect(card).toContainText('東京都新宿区')

  // Tokyo has more than a page: the next page is in the address, and a reload and back keep it.
  await page.goto('/sp/2/machines/search?prefecture=13')
  const total = Number(
    (await page.getByRole('heading', { level: 2 }).first().textContent())?.match(/\d+/)?.[0],
  )
  expect(total).toBeGreaterThan(20)
  const firstOfPage1 = await shopCards(page).first().locator('h3').textContent()
  await page.getByRole('link', { name: '次のページ' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(`2 / ${Math.ceil(total / 20)}ページ`)).toBeVisible()
  const firstOfPage2 = await shopCards(page).first().locator('h3').textContent()
  expect(firstOfPage2).not.toBe(firstOfPage1)
  await page.reload()
  await expect(shopCards(page).first().locator('h3')).toHaveText(firstOfPage2!)
  await page.goBack()
  await expect(page).not.toHaveURL(/page=2/)
  await expect(shopCards(page).first().locator('h3')).toHaveText(firstOfPage1!)

  // 「ぷりすぽっと」 in hiragana finds the shops named プリスポット in katakana.
  await page.goto('/sp/2/machines/search')
  await page.getByLabel('キーワード').fill('ぷりすぽっと')
  await page.getByRole('button', { name: 'この条件でさがす' }).click()
  await expect(shopCards(page).first()).toBeVisible()
  for (const card of await shopCards(page).all())
    await expect(card.locator('h3')).toContainText('プリスポット')
  await screenshots(page, testInfo, 'search-keyword')

  // Nothing found, and an odd address: said in Japanese, never an error page.
  await page.goto('/sp/2/machines/search?keyword=ぴよぴよぴよ')
  await expect(page.getByText('条件に合う店舗が見つかりませんでした')).toBeVisible()
  await page.goto('/sp/2/machines/search?prefecture=abc&lat=x&page=-3')
  await expect(page.getByText('都道府県・キーワード・機種をえらぶか')).toBeVisible()
})

test.describe('near me, with the position allowed', () => {
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 35.6595, longitude: 139.7005 } })

  test('asks for the position only on the tap, and lists the nearest shops with their distance', async ({
    page,
  }, testInfo) => {
    await page.goto('/sp/2/machines/search')
    await expect(page).not.toHaveURL(/lat=/)
    await page.getByRole('button', { name: '現在地から近い店舗をさがす' }).click()
    await expect(page).toHaveURL(/lat=35\.66\d*&lng=139\.70\d*/)
    await expect(page.getByRole('heading', { level: 2, name: '近くの店舗（近い順）' })).toBeVisible()
    const distances = await shopCards(page).locator('.shop-card__distance').allTextContents()
    expect(distances.length).toBe(10)
    const metres = distances.map((text) => {
      const [, value, unit] = text.match(/([\d.]+)(km|m)/)!
      return Number(value) * (unit === 'km' ? 1000 : 1)
    })
    expect(metres).toEqual([...metres].sort((a, b) => a - b))
    expect(metres[0]).toBeLessThan(1000)
    await screenshots(page, testInfo, 'search-near')
    // The next page goes on from the last distance, and says which page it is.
    const pager = page.getByRole('navigation', { name: '検索結果のページ' })
    await expect(pager).toContainText('1ページ目')
    await pager.getByRole('link', { name: '次のページ' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(pager).toContainText('2ページ目')
    const further = await shopCards(page).locator('.shop-card__distance').first().textContent()
    const [, value, unit] = further!.match(/([\d.]+)(km|m)/)!
    expect(Number(value) * (unit === 'km' ? 1000 : 1)).toBeGreaterThanOrEqual(metres.at(-1)!)
  })
})

test.describe('near me, with the position refused', () => {
  test.use({ permissions: [] })

  test('says why in Japanese, and the other searches still work', async ({ page }) => {
    await page.goto('/sp/2/machines/search')
    await page.getByRole('button', { name: '現在地から近い店舗をさがす' }).click()
    await expect(page.getByRole('alert')).toContainText('位置情報の利用が許可されていない')
    await expect(page).not.toHaveURL(/lat=/)
    await page.getByLabel('都道府県').selectOption({ label: '沖縄県' })
    await page.getByRole('button', { name: 'この条件でさがす' }).click()
    await expect(shopCards(page).first()).toContainText('沖縄県')
  })
})
