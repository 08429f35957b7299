import { type AdminMachineModels, type AdminShopPage, adminBoothsApi } from '@puribox/contract/admin-booths'
import {
  type AdminCouponDetail,
  type AdminCouponPage,
  type AdminCouponRecipient,
  adminCouponsApi,
  type CouponGive,
  type CouponState,
  type CouponStep,
  type CouponWrite,
} from '@puribox/contract/admin-coupons'
import { type ConsoleRoute, callConsoleApi } from '../api'
import { CONTENT_QUERY_KEY } from './content-context'

const api = adminCouponsApi

export const couponListQueryKey = (state: CouponState | null) =>
  [...CONTENT_QUERY_KEY, 'coupons', 'list', state] as const
export const couponQueryKey = (couponId: string) =>
  [...CONTENT_QUERY_KEY, 'coupons', 'coupon', couponId] as const
export const COUPON_MODELS_QUERY_KEY = [...CONTENT_QUERY_KEY, 'coupons', 'models'] as const

/** The route with its path parameters filled in (encoded). */
function at<R extends ConsoleRoute>(route: R, values: Record<string, string>): R {
  let path = route.path
  for (const [name, value] of Object.entries(values))
    path = path.replace(`:${name}`, encodeURIComponent(value))
  return { ...route, path }
}

/** A page of coupons of one state (or all), from `after` (the previous page's `next`). */
export function readCouponPage(
  state: CouponState | null,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminCouponPage> {
  return callConsoleApi(api.adminCoupons, { query: { state: state ?? undefined, after }, signal })
}

export function readCoupon(couponId: string, signal?: AbortSignal): Promise<AdminCouponDetail> {
  return callConsoleApi(at(api.adminCoupon, { couponId }), { signal })
}

export function createCoupon(body: CouponWrite): Promise<AdminCouponDetail> {
  return callConsoleApi(api.adminCouponCreate, { body })
}

export function changeCoupon(couponId: string, body: CouponWrite): Promise<AdminCouponDetail> {
  return callConsoleApi(at(api.adminCouponChange, { couponId }), { body })
}

export function publishCoupon(couponId: string, body: CouponStep): Promise<AdminCouponDetail> {
  return callConsoleApi(at(api.adminCouponPublish, { couponId }), { body })
}

export function withdrawCoupon(couponId: string, body: CouponStep): Promise<AdminCouponDetail> {
  return callConsoleApi(at(api.adminCouponWithdraw, { couponId }), { body })
}

export function readRecipient(couponId: string, accountId: string): Promise<AdminCouponRecipient> {
  return callConsoleApi(at(api.adminCouponRecipient, { couponId, accountId }), {})
}

export function giveCoupon(couponId: string, body: CouponGive): Promise<AdminCouponRecipient> {
  return callConsoleApi(at(api.adminCouponGive, { couponId }), { body })
}

/** Every machine model, to choose those a coupon applies to. */
export function readMachineModels(signal?: AbortSignal): Promise<AdminMachineModels> {
  return callConsoleApi(adminBoothsApi.adminMachineModels, { signal })
}

/** Shops whose name, city or address holds the words, to choose the one a coupon applies to. */
export function searchShops(q: string, signal?: AbortSignal): Promise<AdminShopPage> {
  return callConsoleApi(adminBoothsApi.adminShops, { query: { q, limit: '10' }, signal })
}
