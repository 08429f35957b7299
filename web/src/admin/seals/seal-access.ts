import { adminSealsApi } from '@puribox/contract/admin-seals'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do in the area: the roles each route of the contract admits. */
export interface SealAccess {
  /** See a seal's pictures. */
  pictures: boolean
  /** Stop members seeing a seal (or change why it is stopped). */
  hide: boolean
  /** Let members see a stopped seal again. */
  unhide: boolean
}

function admits(route: { roles: readonly string[] }, role: ConsoleRole): boolean {
  return route.roles.includes(role)
}

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function sealAccessOf(role: ConsoleRole): SealAccess {
  const api = adminSealsApi
  return {
    pictures: admits(api.adminSealPicture, role),
    hide: admits(api.adminSealHide, role),
    unhide: admits(api.adminSealUnhide, role),
  }
}
