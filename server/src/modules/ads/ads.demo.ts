import text from '../../locales/ja/ads-demo.json' with { type: 'json' }
import type { NewAd } from './ads.repository'
import { type AdsService, TOP_PAGE_PLACEMENT } from './ads.service'

/** The space of the top page, made by the migration that made the ads' tables (and by the demo, if gone). */
export const TOP_PAGE_SPACE_ID = 'sp-top'

/** From this day on the demo ads run (a time-travelling tester before it sees none). */
const DEMO_START = new Date('2026-01-01T00:00:00+09:00')

const SPARKLE = (x: number, y: number, r: number, fill: string) =>
  `<path d="M${x} ${y - r}c${r * 0.13} ${r * 0.65} ${r * 0.35} ${r * 0.87} ${r} ${r}c-${r * 0.65} ${r * 0.13}-${r * 0.87} ${r * 0.35}-${r} ${r}c-${r * 0.13}-${r * 0.65}-${r * 0.35}-${r * 0.87}-${r}-${r}c${r * 0.65}-${r * 0.13} ${r * 0.87}-${r * 0.35} ${r}-${r}z" fill="${fill}"/>`

/** The demo ads' pictures, drawn: a lipstick, every picture of a play under a crown, a bouquet. */
const PICTURES = {
  lip: `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffb3cf"/><stop offset="1" stop-color="#ffe1a8"/></linearGradient></defs><rect width="640" height="320" fill="url(#g)"/><circle cx="500" cy="90" r="70" fill="#fff" opacity=".35"/><g transform="rotate(-18 320 170)"><rect x="290" y="170" width="60" height="110" rx="8" fill="#3b2a3a"/><rect x="286" y="150" width="68" height="34" rx="6" fill="#e0b04a"/><path d="M298 150V92q22-40 44-10v68z" fill="#d8235f"/><path d="M304 146V98q8-14 16-14" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".5"/></g><path d="M160 206q30-28 60 0q-30 24-60 0z" fill="#d8235f"/><path d="M168 206q22 8 44 0" fill="none" stroke="#9e1245" stroke-width="3"/>${SPARKLE(230, 90, 18, '#fff')}${SPARKLE(440, 240, 14, '#fff')}${SPARKLE(110, 120, 10, '#ffffff')}`,
  premium: `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c8a8ff"/><stop offset="1" stop-color="#8fd8ff"/></linearGradient></defs><rect width="640" height="320" fill="url(#g)"/><g transform="rotate(-10 250 180)"><rect x="200" y="110" width="100" height="130" rx="10" fill="#fff"/><rect x="210" y="120" width="80" height="96" rx="6" fill="#ffd1e8"/></g><g transform="rotate(10 390 180)"><rect x="340" y="110" width="100" height="130" rx="10" fill="#fff"/><rect x="350" y="120" width="80" height="96" rx="6" fill="#d6f0ff"/></g><rect x="265" y="96" width="110" height="144" rx="12" fill="#fff"/><rect x="276" y="107" width="88" height="106" rx="7" fill="#fff1c9"/><circle cx="320" cy="160" r="24" fill="#ffe3d3"/><path d="M294 156c0-20 13-30 26-30s26 10 26 30c-7-10-15-14-26-14s-19 4-26 14z" fill="#6b4a5e"/><path d="M286 86l12-36 22 22 22-22 12 36z" fill="#ffc933" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>${SPARKLE(150, 80, 20, '#fff')}${SPARKLE(500, 250, 16, '#fff')}${SPARKLE(520, 80, 12, '#ffe066')}`,
  wedding: `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbeee2"/><stop offset="1" stop-color="#f1c6cc"/></linearGradient></defs><rect width="640" height="320" fill="url(#g)"/><circle cx="120" cy="250" r="100" fill="#fff" opacity=".4"/><path d="M320 300l-36-120h72z" fill="#9cc9a0"/><path d="M300 230h40" stroke="#fff" stroke-width="10" stroke-linecap="round"/><g fill="#fff" stroke="#e8b4b8" stroke-width="3"><circle cx="290" cy="150" r="30"/><circle cx="350" cy="150" r="30"/><circle cx="320" cy="118" r="30"/><circle cx="320" cy="170" r="26"/></g><g fill="#e8a0aa"><circle cx="290" cy="150" r="10"/><circle cx="350" cy="150" r="10"/><circle cx="320" cy="118" r="10"/><circle cx="320" cy="170" r="9"/></g>${SPARKLE(460, 90, 18, '#fff')}${SPARKLE(190, 80, 12, '#fff')}${SPARKLE(500, 230, 14, '#ffffff')}`,
} as const

/**
 * A picture with no text in it (texts belong to the locale files), drawn as an SVG and carried
 * inline as a data: URL, so the demo needs no files and no other host.
 */
function picture(kind: keyof typeof PICTURES): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">${PICTURES[kind]}</svg>`
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
      mediaUrl: picture('lip'),
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
      mediaUrl: picture('premium'),
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
      mediaUrl: picture('wedding'),
      forGuests: false,
      forMini: true,
      forPremium: true,
      ageTarget: 'OVER_25',
      priority: 5,
    },
  ]
  for (const ad of demo) await ads.publish(ad)
}
