import { beforeEach, describe, expect, it } from 'vitest'
import { buildAd } from '../../test/ads'
import { resetDatabase, testDatabase } from '../../test/database'
import { createAdTokens } from './ad-tokens'
import { seedDemoAds, TOP_PAGE_SPACE_ID } from './ads.demo'
import { createAdsRepository, type NewAd } from './ads.repository'
import { adProblem, createAdsService } from './ads.service'

const AD = buildAd({ mediaUrl: '/picture.png' })

describe('publishing an ad', () => {
  it('takes links and pictures only where they are safe to go', () => {
    expect(adProblem(AD)).toBeNull()
    expect(adProblem({ ...AD, linkType: 'EXTERNAL', linkUrl: 'https://www.example.com/x' })).toBeNull()
    expect(adProblem({ ...AD, mediaUrl: 'data:image/svg+xml;base64,PHN2Zz4=' })).toBeNull()
    expect(adProblem({ ...AD, mediaType: 'TEXT', mediaUrl: null })).toBeNull()
    for (const bad of [
      { linkUrl: 'https://www.example.com/x' },
      { linkUrl: '//evil.example/x' },
      { linkUrl: 'javascript:alert(1)' },
      { linkType: 'EXTERNAL', linkUrl: 'http://www.example.com/x' },
      { linkType: 'EXTERNAL', linkUrl: 'javascript:alert(1)' },
      { linkType: 'EXTERNAL', linkUrl: '/web/payment' },
      { mediaUrl: 'https://cdn.example/x.png' },
      { mediaUrl: 'data:text/html;base64,PHNjcmlwdD4=' },
      { mediaUrl: null },
      { mediaType: 'TEXT' },
      { forGuests: false, forMini: false, forPremium: false },
    ] as Partial<NewAd>[]) {
      expect(adProblem({ ...AD, ...bad }), JSON.stringify(bad)).not.toBeNull()
    }
  })
})

describe('the demo ads', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it('are three in the top page space, for everyone, free members and people of 25 or over, seeded once', async () => {
    const { db } = await testDatabase()
    const repo = createAdsRepository(db)
    const ads = createAdsService({
      repo,
      tokens: createAdTokens('secret'),
      accounts: { findById: async () => null },
      profiles: { find: async () => null },
    })
    await seedDemoAds(ads)
    await seedDemoAds(ads)
    expect(await ads.staticData()).toEqual({ advertisement: { topPage: TOP_PAGE_SPACE_ID } })
    const now = new Date('2026-11-20T03:00:00Z')
    const names = async (membership: 'GUEST' | 'MINI' | 'PREMIUM', over25: boolean) =>
      (await repo.shownIn(TOP_PAGE_SPACE_ID, { membership, over25 }, now, 10)).map((ad) => ad.conversionId)
    expect(await names('GUEST', false)).toEqual(['demo-everyone-lip'])
    expect(await names('MINI', false)).toEqual(['demo-free-premium-offer', 'demo-everyone-lip'])
    expect(await names('PREMIUM', true)).toEqual(['demo-everyone-lip', 'demo-over25-wedding'])
    expect(await names('MINI', true)).toHaveLength(3)
  })
})
