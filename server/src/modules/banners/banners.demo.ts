import type { BannerSpace } from '@puribox/contract/banners'
import { newsPagePath } from '@puribox/contract/news-pages'
import { links } from '@puribox/contract/pages'
import { addDays } from '@puribox/contract/time'
import text from '../../locales/ja/banners.json' with { type: 'json' }
import type { BannerService } from './banners.service'

type DemoKey = keyof typeof text.demo

/**
 * One demo banner per space but the questionnaire lead, which stays empty (there is no questionnaire
 * to lead to) and so shows what a space without a banner answers. Fixed ids: written once, an
 * operator's edit is kept at the next start.
 */
const DEMO_BANNERS: ReadonlyArray<{ id: string; spaceId: BannerSpace; key: DemoKey; url: string }> = [
  {
    id: '7b1d2e4f-5a6c-4e8d-8f90-000000000001',
    spaceId: 'maintenance_lead',
    key: 'maintenanceLead',
    url: newsPagePath({ view: 'list', category: 'important' }, 'banner'),
  },
  {
    id: '7b1d2e4f-5a6c-4e8d-8f90-000000000003',
    spaceId: 'company_information',
    key: 'companyInformation',
    url: links.commercialLaw,
  },
  {
    id: '7b1d2e4f-5a6c-4e8d-8f90-000000000004',
    spaceId: 'product_information',
    key: 'productInformation',
    url: links.premiumRegistration,
  },
  {
    id: '7b1d2e4f-5a6c-4e8d-8f90-000000000005',
    spaceId: 'photos_banner',
    key: 'photosBanner',
    url: links.photoGetForm,
  },
]

export const DEMO_BANNER_SPACES = DEMO_BANNERS.map((banner) => banner.spaceId)

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** A banner card the web's banner styles know (`banner-` classes, decision 0040). */
function bannerCard(words: { title: string; text: string; linkLabel: string }, url: string): string {
  return (
    `<div class="banner-card"><p class="banner-title">${escapeHtml(words.title)}</p>` +
    `<p class="banner-text">${escapeHtml(words.text)}</p>` +
    `<a class="banner-button" href="${escapeHtml(url)}">${escapeHtml(words.linkLabel)}</a></div>`
  )
}

/** Demo banners outside production (docs/guide/ground-rules.md), stored and sanitised like any banner. */
export async function seedDemoBanners(banners: BannerService, now: Date): Promise<void> {
  await banners.publishMissing(
    DEMO_BANNERS.map((banner) => ({
      id: banner.id,
      spaceId: banner.spaceId,
      html: bannerCard(text.demo[banner.key], banner.url),
      priorityLevel: 0,
      publishAt: addDays(now, -1),
      publishUntil: null,
    })),
  )
}
