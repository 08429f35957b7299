import { adminAdsApi } from './admin-ads'
import { adminApplicationsApi } from './admin-applications'
import { adminAuditApi } from './admin-audit'
import { adminAuditionsApi } from './admin-auditions'
import { adminBannersApi } from './admin-banners'
import { adminBoothsApi } from './admin-booths'
import { adminCouponsApi } from './admin-coupons'
import { adminFlowsApi } from './admin-flows'
import { adminHelpApi } from './admin-help'
import { adminInformationApi } from './admin-information'
import { adminInquiriesApi } from './admin-inquiries'
import { adminMembersApi } from './admin-members'
import { adminNewsApi } from './admin-news'
import { adminNumbersApi } from './admin-numbers'
import { adminSealsApi } from './admin-seals'
import { adminSessionApi } from './admin-session'

/**
 * The operators' console's JSON API (decision 0069): every route under ADMIN_API_ROOT, tagged
 * `admin`, kept out of `/openapi.json` (the native app's contract) but typed by the same zod
 * schemas. Each area of the console declares its routes in its own `admin-*.ts` file and adds them
 * here, so the server's tests walk every one of them.
 */
export const ADMIN_API_ROOT = '/admin/api'

/** Whether a path (Fastify-style, or a request's) is the console's API. */
export function isAdminApiPath(path: string): boolean {
  return path === ADMIN_API_ROOT || path.startsWith(`${ADMIN_API_ROOT}/`)
}

export const adminApi = {
  ...adminSessionApi,
  ...adminNumbersApi,
  ...adminAuditApi,
  ...adminBoothsApi,
  ...adminNewsApi,
  ...adminBannersApi,
  ...adminHelpApi,
  ...adminInformationApi,
  ...adminInquiriesApi,
  ...adminApplicationsApi,
  ...adminMembersApi,
  ...adminSealsApi,
  ...adminCouponsApi,
  ...adminAdsApi,
  ...adminAuditionsApi,
  ...adminFlowsApi,
}

export type AdminApiRouteName = keyof typeof adminApi
