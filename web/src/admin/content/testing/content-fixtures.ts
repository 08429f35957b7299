import type { AdminBanner, AdminBannerSpace } from '@puribox/contract/admin-banners'
import type { AdminNewsItem } from '@puribox/contract/admin-news'
import type { ConsoleRole } from '@puribox/contract/routes'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { wrapperResponse } from '../../../testing/render'
import { signedInOperator } from '../../testing/render-console'

/** The content routes as the tests stub them (`METHOD /path`, the query after it when there is one). */
export const NEWS_API = '/admin/api/news'
export const BANNERS_API = '/admin/api/banners'
export const NEWS_ID = '0192f0c4-0000-7000-8000-0000000000a1'

export function adminNewsItem(overrides: Partial<AdminNewsItem> = {}): AdminNewsItem {
  return {
    id: NEWS_ID,
    state: 'draft',
    category: 'important',
    title: '年末年始のお休み',
    body: '12月31日から1月3日まで、\nお問い合わせへの返信をお休みします。',
    link: null,
    priorityLevel: 0,
    publishAt: null,
    publishUntil: null,
    withdrawnAt: null,
    // 10:00 in Japan on the tests' day.
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:30:00.000Z',
    ...overrides,
  }
}

export const BANNER_IDS = [
  '0192f0c4-0000-7000-8000-0000000000b1',
  '0192f0c4-0000-7000-8000-0000000000b2',
  '0192f0c4-0000-7000-8000-0000000000b3',
] as const

export function adminBanner(overrides: Partial<AdminBanner> = {}): AdminBanner {
  return {
    id: BANNER_IDS[0],
    spaceId: 'maintenance_lead',
    html: '<div class="banner-card"><p class="banner-title">メンテナンスのお知らせ</p></div>',
    state: 'published',
    shown: true,
    position: 0,
    publishAt: '2026-11-20T01:00:00.000Z',
    publishUntil: null,
    withdrawnAt: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    ...overrides,
  }
}

export function bannerSpace(
  banners: AdminBanner[],
  overrides: Partial<AdminBannerSpace> = {},
): AdminBannerSpace {
  return {
    spaceId: banners[0]?.spaceId ?? 'maintenance_lead',
    shownId: banners.find((banner) => banner.shown)?.id ?? null,
    banners,
    ...overrides,
  }
}

/** An answer carrying this entity. */
export const answer = (entity: unknown) => () => wrapperResponse({ entity })

/** A refusal with this code (and the status the server gives it). */
export const refusal = (code: string, status: number) => () =>
  wrapperResponse({ error: { code, message: code } }, status)

/** The console's API signed in as an operator of `role`, with the content routes given. */
export function stubContentApi(handlers: Record<string, ApiHandler>, role: ConsoleRole = 'EDITOR') {
  return mockApi({ 'GET /admin/api/session': answer(signedInOperator(role)), ...handlers })
}
