import { adminInformationApi } from '@puribox/contract/admin-information'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do with the information pages: the roles each route of the contract admits. */
export interface InfoAccess {
  preview: boolean
  create: boolean
  change: boolean
  discard: boolean
  publish: boolean
  unschedule: boolean
}

const admits = (route: { roles: readonly string[] }, role: ConsoleRole) => route.roles.includes(role)

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function infoAccessOf(role: ConsoleRole): InfoAccess {
  const api = adminInformationApi
  return {
    preview: admits(api.adminInformationPreview, role),
    create: admits(api.adminInformationDraftCreate, role),
    change: admits(api.adminInformationDraftChange, role),
    discard: admits(api.adminInformationDraftDiscard, role),
    publish: admits(api.adminInformationPublish, role),
    unschedule: admits(api.adminInformationUnschedule, role),
  }
}

/** Whether the role may change anything here at all (else the screens say it reads only). */
export function writesInformation(access: InfoAccess): boolean {
  return Object.values(access).some(Boolean)
}
