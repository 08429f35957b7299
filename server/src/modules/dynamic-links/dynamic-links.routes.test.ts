import { describe, expect, it } from 'vitest'
import { createMember } from '../../test/factories'
import { useTestApp } from '../../test/harness'

describe('dynamic links', () => {
  const ctx = useTestApp({
    dynamicLinks: {
      appStoreUrl: 'https://apps.apple.com/jp/app/puribox/id6451234567',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=jp.puribox.android',
      appDeepLinkUrl: 'puribox://top',
      universalLinkUrl: 'https://puribox.jp/sp/top/menu',
      shopMapUrl: 'https://maps.example.jp/puri',
    },
  })

  it('answers the configured links, the same to everyone, cacheable', async () => {
    const member = await createMember(ctx().db, ctx().clock)
    for (const headers of [{}, { cookie: member.cookie }]) {
      const response = await ctx().app.inject({ url: '/sp/2/dynamic_links', headers })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('public, max-age=3600')
      expect(response.json()).toEqual({
        entity: {
          appStoreUrl: 'https://apps.apple.com/jp/app/puribox/id6451234567',
          playStoreUrl: 'https://play.google.com/store/apps/details?id=jp.puribox.android',
          appDeepLinkUrl: 'puribox://top',
          universalLinkUrl: 'https://puribox.jp/sp/top/menu',
          shopMapUrl: 'https://maps.example.jp/puri',
        },
        error: null,
        clock: null,
      })
    }
  })

  it('refuses a query it does not know, and other methods', async () => {
    const queried = await ctx().app.inject({ url: '/sp/2/dynamic_links?x=%00' })
    expect([queried.statusCode, queried.json().error.code]).toEqual([400, 'VALIDATION_FAILED'])
    const post = await ctx().app.inject({
      method: 'POST',
      url: '/sp/2/dynamic_links',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(post.statusCode).toBeGreaterThanOrEqual(400)
    expect(post.statusCode).toBeLessThan(500)
  })
})
