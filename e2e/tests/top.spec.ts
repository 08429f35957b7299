import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support'

/**
 * The top page: the seal-ID entry is the first screen; what there is for the
 * viewer — news, banners, ads, the blog, the apps — comes after it, asked for only once the page
 * has loaded, and each part leads somewhere real.
 */

/** When the page finished loading, and when each content request started, on the page's clock. */
async function timings(page: Page) {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const started = (part: string) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes(part))
        .map((entry) => entry.startTime)
    return {
      loaded: navigation?.loadEventEnd ?? 0,
      news: started('/sp/2/news/self/info'),
      ads: started('/sp/advertisements/self'),
      banners: started('/sp/2/banner/space_id/'),
    }
  })
}

test('a guest: the seal entry first, then news, banners, ads, blog and apps, asked for after the first screen', async ({
  page,
}, testInfo) => {
  await page.goto('/sp/top/menu')
  await expect(page.getByRole('textbox', { name: 'シールID' })).toBeVisible()
  const news = page.getByRole('region', { name: 'お知らせ' })
  await expect(news).toBeVisible()
  await expect(page.getByRole('region', { name: '広告' }).getByText('PR').first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'PuriBoxブログ' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^App Storeから\s*ダウンロード$/ })).toBeVisible()
  await page.screenshot({ scale: 'css', path: testInfo.outputPath('top-guest.png'), fullPage: true })

  // Nothing of it raced the first screen: every content request started after the load event.
  const { loaded, news: newsAt, ads: adsAt, banners: bannersAt } = await timings(page)
  expect(newsAt.length).toBeGreaterThan(0)
  expect(adsAt.length).toBeGreaterThan(0)
  expect(bannersAt.length).toBeGreaterThan(0)
  for (const at of [...newsAt, ...adsAt, ...bannersAt]) expect(at).toBeGreaterThanOrEqual(loaded)

  // The seal entry comes before the content, in the page's order.
  const entryBox = await page.getByRole('textbox', { name: 'シールID' }).boundingBox()
  const newsBox = await news.boundingBox()
  expect(entryBox!.y).toBeLessThan(newsBox!.y)

  // A news item opens on the news page, with the way back to the top.
  await news.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/sp\/puri_news\?from=top#\//)
})

test('a free member sees the ads for free members; inside the app, no app-store links', async ({ page }) => {
  await signIn(page, 'mini@demo.puribox.jp')
  await page.goto('/sp/top/menu')
  const ads = page.getByRole('region', { name: '広告' })
  await expect(ads.getByText('プレミアム会員なら、シールのプリを全部保存')).toBeVisible()
  await expect(page.getByRole('link', { name: /^App Storeから\s*ダウンロード$/ })).toBeVisible()

  await page.goto('/sp/top/menu?app=1')
  await expect(page.getByRole('region', { name: 'お知らせ' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^App Storeから\s*ダウンロード$/ })).toHaveCount(0)
})
