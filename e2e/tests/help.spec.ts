import { expect, expectAccessible, screenshots, test } from './support'

test('help from the footer: a search in hiragana finds premium, a reload keeps it, an answer opens', async ({
  page,
}, testInfo) => {
  const helpRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/static/help.json') helpRequests.push(request.url())
  })
  await page.goto('/sp/top/menu')
  await page.getByRole('contentinfo').getByRole('link', { name: 'ヘルプ' }).click()
  await expect(page).toHaveURL(/\/web\/common\/help\/top\/index$/)
  await expect(page.getByRole('heading', { level: 1, name: 'ヘルプ' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'よくある質問' })).toBeVisible()
  await expect(page.getByRole('link', { name: /シールIDについて/ })).toBeVisible()
  expect(helpRequests).toHaveLength(1)
  expect(helpRequests[0]).toMatch(/\/static\/help\.json\?t=\d+$/)
  await expectAccessible(page)
  await screenshots(page, testInfo, 'help-top')

  const box = page.getByRole('searchbox', { name: 'キーワードでさがす' })
  await box.fill('ぷれみあむ')
  await expect(page.getByRole('heading', { name: '「ぷれみあむ」の検索結果' })).toBeVisible()
  const price = page.getByRole('link', { name: /プレミアム会員の料金はいくらですか？/ })
  await expect(price).toBeVisible()
  await expect(page).toHaveURL(
    /\/web\/common\/help\/top\/index\?q=%E3%81%B7%E3%82%8C%E3%81%BF%E3%81%82%E3%82%80$/,
  )
  await screenshots(page, testInfo, 'help-search')

  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'キーワードでさがす' })).toHaveValue('ぷれみあむ')
  await expect(page.getByRole('heading', { name: '「ぷれみあむ」の検索結果' })).toBeVisible()

  await page.getByRole('link', { name: /プレミアム会員の料金はいくらですか？/ }).click()
  await expect(page).toHaveURL(/\/web\/common\/help\/answer\/premium-price$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'プレミアム会員の料金はいくらですか？' }),
  ).toBeVisible()
  await expect(page.getByRole('article')).toContainText('月額330円（税込）')
  await expect(page.getByRole('link', { name: 'プレミアム会員について見る' })).toHaveAttribute(
    'href',
    '/web/payment',
  )
  await expectAccessible(page)
  await screenshots(page, testInfo, 'help-answer')

  // Half-width katakana finds the same answers; nothing found says so and leads to the inquiry page.
  await page.goto('/web/common/help/top/index')
  await page.getByRole('searchbox', { name: 'キーワードでさがす' }).fill('ﾌﾟﾚﾐｱﾑ')
  await expect(page.getByRole('link', { name: /プレミアム会員の料金はいくらですか？/ })).toBeVisible()
  await page.getByRole('searchbox', { name: 'キーワードでさがす' }).fill('ぴよぴよぴよ')
  await expect(
    page.getByRole('heading', { name: '「ぴよぴよぴよ」に合う質問は見つかりませんでした' }),
  ).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'お問い合わせする' })).toHaveAttribute(
    'href',
    '/sp/common/inquiry',
  )
  await screenshots(page, testInfo, 'help-nothing-found')
})

test('a category lists its questions; an unknown answer or category is a help page that says so', async ({
  page,
}, testInfo) => {
  await page.goto('/web/common/help/top/premium')
  await expect(page.getByRole('heading', { level: 1, name: 'プレミアム会員について' })).toBeVisible()
  await expect(page.getByRole('list', { name: '質問一覧' }).getByRole('link')).not.toHaveCount(0)
  await screenshots(page, testInfo, 'help-category')

  const response = await page.goto('/web/common/help/answer/no-such-answer')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'この質問は見つかりませんでした' })).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'help-not-found')
  await page.getByRole('link', { name: 'ヘルプトップへ' }).click()
  await expect(page).toHaveURL(/\/web\/common\/help\/top\/index$/)
  await expect(page.getByRole('heading', { level: 1, name: 'ヘルプ' })).toBeVisible()

  await page.goto('/web/common/help/top/no-such-category')
  await expect(
    page.getByRole('heading', { level: 1, name: 'このカテゴリは見つかりませんでした' }),
  ).toBeVisible()
})
