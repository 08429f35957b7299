import { adminAdsApi } from '@puribox/contract/admin-ads'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do with ads: the roles each route of the contract admits. */
export interface AdAccess {
  create: boolean
  change: boolean
  schedule: boolean
  publish: boolean
  withdraw: boolean
  uploadPicture: boolean
  createSpace: boolean
  changeSpace: boolean
}

const admits = (route: { roles: readonly string[] }, role: ConsoleRole) => route.roles.includes(role)

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function adAccessOf(role: ConsoleRole): AdAccess {
  const api = adminAdsApi
  return {
    create: admits(api.adminAdCreate, role),
    change: admits(api.adminAdChange, role),
    schedule: admits(api.adminAdSchedule, role),
    publish: admits(api.adminAdPublish, role),
    withdraw: admits(api.adminAdWithdraw, role),
    uploadPicture: admits(api.adminAdPictureUpload, role),
    createSpace: admits(api.adminAdSpaceCreate, role),
    changeSpace: admits(api.adminAdSpaceChange, role),
  }
}

/** Whether the role may change anything about ads at all (else the screens say it reads only). */
export function writesAds(access: AdAccess): boolean {
  return Object.values(access).some(Boolean)
}
