import { BANNER_SPACES } from '@puribox/contract/banners'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { bannerHtmlDangers, HOSTILE_BANNER_HTML } from '../../test/hostile-html'
import { createBannersRepository } from './banners.repository'
import { banners } from './banners.schema'
import { type BannerDraft, createBannerService } from './banners.service'

const HOUR = 60 * 60 * 1000
const ago = (hours: number) => new Date(TEST_NOW.getTime() - hours * HOUR)
const bannerUrl = (spaceId: string) => `/sp/2/banner/space_id/${spaceId}`

describe('banners', () => {
  const ctx = useTestApp()

  function service() {
    return createBannerService({ repo: createBannersRepository(ctx().db) })
  }

  function publish(overrides: Partial<BannerDraft> = {}) {
    return service().publish({
      spaceId: 'maintenance_lead',
      html: '<p>バナー</p>',
      priorityLevel: 0,
      publishAt: ago(1),
      publishUntil: null,
      ...overrides,
    })
  }

  function get(spaceId: string, cookie?: string) {
    return ctx().app.inject({ url: bannerUrl(spaceId), headers: cookie ? { cookie } : {} })
  }

  it('answers each space its banner, and null for a space with none now; to guests and members alike', async () => {
    await publish({ spaceId: 'photos_banner', html: '<div class="banner-card"><p>写真のあいだ</p></div>' })
    const { cookie } = await createMember(ctx().db, ctx().clock)
    for (const spaceId of BANNER_SPACES) {
      for (const who of [undefined, cookie]) {
        const response = await get(spaceId, who)
        expect(response.statusCode, spaceId).toBe(200)
        expect(response.json()).toEqual({
          entity: {
            bannerHtml:
              spaceId === 'photos_banner' ? '<div class="banner-card"><p>写真のあいだ</p></div>' : null,
          },
          error: null,
          clock: null,
        })
      }
    }
  })

  it('shows the highest priority, then the latest published, within its window', async () => {
    await publish({ html: '<p>old</p>', publishAt: ago(10) })
    await publish({ html: '<p>new</p>', publishAt: ago(2) })
    await publish({ html: '<p>later</p>', publishAt: new Date(TEST_NOW.getTime() + HOUR) })
    await publish({ html: '<p>ended</p>', priorityLevel: 9, publishAt: ago(10), publishUntil: TEST_NOW })
    expect((await get('maintenance_lead')).json().entity.bannerHtml).toBe('<p>new</p>')
    await publish({ html: '<p>urgent</p>', priorityLevel: 5, publishAt: ago(20) })
    expect((await get('maintenance_lead')).json().entity.bannerHtml).toBe('<p>urgent</p>')
    ctx().clock.advance(2 * HOUR)
    expect((await get('maintenance_lead')).json().entity.bannerHtml).toBe('<p>urgent</p>')
  })

  it('an unknown space is NOT_FOUND; odd and huge ids are typed errors, never a 5xx', async () => {
    for (const spaceId of [
      'unknown',
      'MAINTENANCE_LEAD',
      'maintenance-lead',
      '__proto__',
      'constructor',
      '1',
      '-1',
      "'%20OR%20'1'%3D'1",
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '%00',
      '%E3%83%90%E3%83%8A%E3%83%BC',
      '..%2F..%2Fetc%2Fpasswd',
      'x'.repeat(64),
    ]) {
      const response = await get(spaceId)
      expect(response.statusCode, spaceId).toBe(404)
      expect(response.json()).toMatchObject({ entity: null, error: { code: 'NOT_FOUND' } })
    }
    for (const spaceId of ['x'.repeat(65), 'x'.repeat(5000)]) {
      const response = await get(spaceId)
      expect(response.statusCode).toBeLessThan(500)
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.json().error.code).toMatch(/^(VALIDATION_FAILED|NOT_FOUND)$/)
    }
    // Another method on the path is not a 5xx either.
    const post = await ctx().app.inject({
      method: 'POST',
      url: bannerUrl('maintenance_lead'),
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(post.statusCode).toBeLessThan(500)
  })

  // A text column cannot hold NUL: those vectors cannot be stored raw (the sanitiser takes them above).
  it.each(HOSTILE_BANNER_HTML.filter(([, html]) => !html.includes('\u0000')))(
    'hostile HTML stored as it is (by a hand or a bug) is served harmless: %s',
    async (_name, html) => {
      // Straight into the table, past the sanitising on the way in: the answer is sanitised again.
      await ctx()
        .db.insert(banners)
        .values({ spaceId: 'product_information', html, publishAt: ago(1) })
      const response = await get('product_information')
      expect(response.statusCode).toBe(200)
      const served: string | null = response.json().entity.bannerHtml
      expect(bannerHtmlDangers(served ?? ''), served ?? '').toEqual([])
    },
  )

  it('sanitises when storing: the stored HTML is already harmless, or nothing is stored', async () => {
    for (const [name, html] of HOSTILE_BANNER_HTML) {
      try {
        const row = await publish({ spaceId: 'company_information', html })
        expect(bannerHtmlDangers(row.html), name).toEqual([])
      } catch (error) {
        expect(error, name).toMatchObject({ code: 'VALIDATION_FAILED' })
      }
    }
    for (const row of await ctx().db.select().from(banners)) {
      expect(bannerHtmlDangers(row.html), row.html).toEqual([])
    }
  })

  it('an edited banner is sanitised again when served (the served copy is kept per version)', async () => {
    const row = await publish({ html: '<p>first</p>' })
    expect((await get('maintenance_lead')).json().entity.bannerHtml).toBe('<p>first</p>')
    await ctx()
      .db.update(banners)
      .set({ html: '<p onclick="alert(1)">second</p><script>alert(1)</script>', updatedAt: ago(-1) })
      .where(eq(banners.id, row.id))
    expect((await get('maintenance_lead')).json().entity.bannerHtml).toBe('<p>second</p>')
  })

  it('the demo banners are seeded once per space but the questionnaire lead, with links that exist', async () => {
    await ctx().app.seedDemo()
    await ctx().app.seedDemo()
    expect(await ctx().db.select().from(banners)).toHaveLength(4)
    for (const spaceId of BANNER_SPACES) {
      const html: string | null = (await get(spaceId)).json().entity.bannerHtml
      if (spaceId === 'questionnaire_lead') {
        expect(html).toBeNull()
        continue
      }
      expect(html, spaceId).toMatch(/^<div class="banner-card"><p class="banner-title">/)
      expect(bannerHtmlDangers(html ?? '')).toEqual([])
      expect(html).toMatch(/<a class="banner-button" href="\/(sp|web)\//)
    }
  })
})
