import { adminBannersApi } from '@puribox/contract/admin-banners'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do with banners: the roles each route of the contract admits. */
export interface BannerAccess {
  preview: boolean
  create: boolean
  change: boolean
  order: boolean
  withdraw: boolean
}

const admits = (route: { roles: readonly string[] }, role: ConsoleRole) => route.roles.includes(role)

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function bannerAccessOf(role: ConsoleRole): BannerAccess {
  return {
    preview: admits(adminBannersApi.adminBannerPreview, role),
    create: admits(adminBannersApi.adminBannerCreate, role),
    change: admits(adminBannersApi.adminBannerChange, role),
    order: admits(adminBannersApi.adminBannerOrder, role),
    withdraw: admits(adminBannersApi.adminBannerWithdraw, role),
  }
}

/** Whether the role may do anything with banners at all (else the screens say it reads only). */
export function writesBanners(access: BannerAccess): boolean {
  return Object.values(access).some(Boolean)
}
