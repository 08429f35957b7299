import text from '../../locales/ja/ads-demo.json' with { type: 'json' }
import type { NewAd } from './ads.repository'
import { type AdsService, TOP_PAGE_PLACEMENT } from './ads.service'

/** The space of the top page, made by the migration that made the ads' tables (and by the demo, if gone). */
export const TOP_PAGE_SPACE_ID = 'sp-top'

/** From this day on the demo ads run (a time-travelling tester before it sees none). */
const DEMO_START = new Date('2026-01-01T00:00:00+09:00')

/**
 * A picture with no text in it (texts belong to the locale files), drawn as an SVG and carried
 * inline as a data: URL, so the demo needs no files and no other host.
 */
function placeholder(from: string, to: string, accent: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="320" fill="url(#g)"/><circle cx="520" cy="80" r="56" fill="${accent}" opacity=".55"/><circle cx="110" cy="250" r="90" fill="#fff" opacity=".25"/><path d="M300 70l14 34 37 3-28 24 9 36-32-19-32 19 9-36-28-24 37-3z" fill="#fff" opacity=".8"/></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/**
 * The demo ads (docs/guide/ground-rules.md) in the top page's space: one for everyone, one for free members (the
 * premium offer, a page of the site), one for people of 25 or over. Each is known by its
 * conversion id and left as it is when it exists.
 */
export async function seedDemoAds(ads: AdsService): Promise<void> {
  await ads.createSpace({ id: TOP_PAGE_SPACE_ID, name: 'Top page', placement: TOP_PAGE_PLACEMENT })
  const base = { spaceId: TOP_PAGE_SPACE_ID, startsAt: DEMO_START, endsAt: null, mediaType: 'IMAGE' } as const
  const demo: NewAd[] = [
    {
      ...base,
      conversionId: 'demo-everyone-lip',
      ...text.everyone,
      linkUrl: 'https://www.example.com/puribox-demo/lip',
      linkType: 'EXTERNAL',
      mediaUrl: placeholder('#ff9ac1', '#ffd36e', '#ff5c8a'),
      forGuests: true,
      forMini: true,
      forPremium: true,
      ageTarget: 'ALL',
      priority: 10,
    },
    {
      ...base,
      conversionId: 'demo-free-premium-offer',
      ...text.freeMembers,
      linkUrl: '/web/payment',
      linkType: 'INTERNAL',
      mediaUrl: placeholder('#b08cff', '#7fd4ff', '#ffe066'),
      forGuests: false,
      forMini: true,
      forPremium: false,
      ageTarget: 'ALL',
      priority: 20,
    },
    {
      ...base,
      conversionId: 'demo-over25-wedding',
      ...text.over25,
      linkUrl: 'https://www.example.com/puribox-demo/wedding',
      linkType: 'EXTERNAL',
      mediaUrl: placeholder('#f6e7d8', '#e8b4b8', '#c98b8b'),
      forGuests: false,
      forMini: true,
      forPremium: true,
      ageTarget: 'OVER_25',
      priority: 5,
    },
  ]
  for (const ad of demo) await ads.publish(ad)
}
