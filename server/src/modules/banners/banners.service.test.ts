import { beforeEach, describe, expect, it } from 'vitest'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import { createBannersRepository } from './banners.repository'
import { type BannerDraft, createBannerService } from './banners.service'

const DRAFT: BannerDraft = {
  spaceId: 'product_information',
  html: '<div class="banner-card" onclick="x()"><a href="/web/payment">プレミアム</a></div>',
  priorityLevel: 0,
  publishAt: TEST_NOW,
  publishUntil: null,
}

describe('banner service', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  async function service() {
    const { db } = await testDatabase()
    return createBannerService({ repo: createBannersRepository(db) })
  }

  it('stores the HTML sanitised', async () => {
    const banners = await service()
    const row = await banners.publish(DRAFT)
    expect(row.html).toBe('<div class="banner-card"><a href="/web/payment">プレミアム</a></div>')
    expect(await banners.bannerOf('product_information', TEST_NOW)).toEqual({ bannerHtml: row.html })
  })

  it.each<[string, Partial<BannerDraft>]>([
    ['an unknown space', { spaceId: 'sidebar' }],
    ['HTML of which nothing may be shown', { html: '<script>alert(1)</script>' }],
    ['empty HTML', { html: '   ' }],
    ['HTML over its limit', { html: `<p>${'a'.repeat(20_000)}</p>` }],
    ['a priority above 9', { priorityLevel: 10 }],
    ['a fractional priority', { priorityLevel: 0.5 }],
    ['an invalid date', { publishAt: new Date(Number.NaN) }],
    ['an end before the start', { publishUntil: new Date(TEST_NOW.getTime() - 1) }],
    ['an id that is no UUID', { id: 'banner-1' }],
  ])('refuses %s with VALIDATION_FAILED', async (_name, change) => {
    const banners = await service()
    await expect(banners.publish({ ...DRAFT, ...change })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
    expect(await banners.bannerOf('product_information', TEST_NOW)).toEqual({ bannerHtml: null })
  })

  it('an unknown space is NOT_FOUND when asked for', async () => {
    const banners = await service()
    await expect(banners.bannerOf('sidebar', TEST_NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(banners.bannerOf('toString', TEST_NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
