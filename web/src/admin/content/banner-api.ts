import {
  type AdminBanner,
  type AdminBannerSpace,
  adminBannersApi,
  type BannerChange,
  type BannerCreate,
  type BannerOrder,
  type BannerPreview,
  type BannerPreviewResult,
  type BannerWithdraw,
} from '@puribox/contract/admin-banners'
import type { BannerSpace } from '@puribox/contract/banners'
import { type ConsoleRoute, callConsoleApi } from '../api'
import type { BannerList } from './banner-paths'
import { CONTENT_QUERY_KEY } from './content-context'

const api = adminBannersApi

export const bannerSpaceQueryKey = (spaceId: BannerSpace, list: BannerList) =>
  [...CONTENT_QUERY_KEY, 'banners', spaceId, list] as const

/** The route with its path's `:name` parts filled in (each encoded). */
function at<R extends ConsoleRoute>(route: R, params: Readonly<Record<string, string>>): R {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`)
    return encodeURIComponent(value)
  })
  return { ...route, path }
}

/** A space's banners: those not withdrawn in its order, or the last withdrawn, newest first. */
export function readBannerSpace(
  spaceId: BannerSpace,
  list: BannerList,
  signal?: AbortSignal,
): Promise<AdminBannerSpace> {
  return callConsoleApi(at(api.adminBannerSpace, { spaceId }), {
    // The current list is the route's default: its address names no list.
    query: { list: list === 'withdrawn' ? list : undefined },
    signal,
  })
}

/** What members would get of `html`, as the server sanitises it; nothing is stored. */
export function previewBanner(body: BannerPreview): Promise<BannerPreviewResult> {
  return callConsoleApi(api.adminBannerPreview, { body })
}

export function createBanner(spaceId: BannerSpace, body: BannerCreate): Promise<AdminBanner> {
  return callConsoleApi(at(api.adminBannerCreate, { spaceId }), { body })
}

export function changeBanner(bannerId: string, body: BannerChange): Promise<AdminBanner> {
  return callConsoleApi(at(api.adminBannerChange, { bannerId }), { body })
}

export function orderBanners(spaceId: BannerSpace, body: BannerOrder): Promise<AdminBannerSpace> {
  return callConsoleApi(at(api.adminBannerOrder, { spaceId }), { body })
}

export function withdrawBanner(bannerId: string, body: BannerWithdraw): Promise<AdminBanner> {
  return callConsoleApi(at(api.adminBannerWithdraw, { bannerId }), { body })
}
