import type { Locator, Page } from '@playwright/test'
import { expect, screenshots, signIn, test } from './support'

const newsList = (page: Page) => page.locator('.news-list')
const unreadItems = (page: Page) => newsList(page).getByRole('link').filter({ hasText: '未読' })

/** The title of a list item (the link also holds its date, category and unread mark). */
async function titleOf(item: Locator): Promise<string> {
  return (await item.locator('.news-list__title').textContent()) ?? ''
}

test('a member opens the news from the top, opens an item, it becomes read, and stays read after a reload', async ({
  page,
}, testInfo) => {
  await signIn(page, 'mini@demo.puribox.jp')
  await page.goto('/sp/puri_news?from=top#/all')
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeVisible()
  await expect(newsList(page).getByRole('link').first()).toBeVisible()
  // The demo news, the most important first (the maintenance notice).
  await expect(newsList(page).getByRole('link').first()).toContainText('重要')
  await screenshots(page, testInfo, 'news-list')

  // Another test (a retry) may have read some: take the first still unread.
  const unreadBefore = await unreadItems(page).count()
  expect(unreadBefore).toBeGreaterThan(0)
  const first = unreadItems(page).first()
  const title = await titleOf(first)
  const marked = page.waitForResponse(
    (response) => /\/sp\/2\/news\/[^/]+\/read$/.test(new URL(response.url()).pathname) && response.ok(),
  )
  await first.click()
  await expect(page).toHaveURL(/\/sp\/puri_news\?from=top#\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('article', { name: title })).toBeVisible()
  await marked
  await screenshots(page, testInfo, 'news-item')

  // Back to the list: the item has lost its mark.
  await page.goBack()
  await expect(page).toHaveURL(/#\/all$/)
  const item = newsList(page).getByRole('link').filter({ hasText: title })
  await expect(item).not.toContainText('未読')
  await expect(unreadItems(page)).toHaveCount(unreadBefore - 1)

  // The server remembers: a reload, the item page itself, still read.
  await page.reload()
  await expect(newsList(page).getByRole('link').filter({ hasText: title })).not.toContainText('未読')
  await expect(unreadItems(page)).toHaveCount(unreadBefore - 1)
  await expect(page.getByRole('link', { name: 'トップへ戻る' })).toHaveAttribute('href', '/sp/top/menu')
})

test("a guest's read items are remembered by the browser, across a reload", async ({ page }, testInfo) => {
  await page.goto('/sp/puri_news?from=top')
  await expect(newsList(page).getByRole('link').first()).toBeVisible()
  const unreadBefore = await unreadItems(page).count()
  expect(unreadBefore).toBeGreaterThan(1)
  const second = unreadItems(page).nth(1)
  const title = await titleOf(second)
  await second.click()
  const article = page.getByRole('article', { name: title })
  await expect(article).toBeVisible()
  await page.reload()
  await expect(article).toBeVisible()
  await page.getByRole('link', { name: 'お知らせ一覧へ' }).click()
  await expect(newsList(page).getByRole('link').filter({ hasText: title })).not.toContainText('未読')
  await expect(unreadItems(page)).toHaveCount(unreadBefore - 1)
  await page.reload()
  await expect(unreadItems(page)).toHaveCount(unreadBefore - 1)

  // A category: only its items, and its tab is the current one.
  await page.getByRole('navigation', { name: 'お知らせの種類' }).getByRole('link', { name: '重要' }).click()
  await expect(page).toHaveURL(/#\/important$/)
  await expect(newsList(page).getByRole('link').first()).toBeVisible()
  for (const link of await newsList(page).getByRole('link').all()) await expect(link).toContainText('重要')
  await screenshots(page, testInfo, 'news-category')
})
