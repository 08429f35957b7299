import { adminBoothsApi } from '@puribox/contract/admin-booths'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do in the area: the roles each route of the contract admits. */
export interface BoothAccess {
  /** Register and change models, shops (and their files) and machines: editors and admins. */
  manage: boolean
  /** Issue and revoke machine keys: admins only. */
  keys: boolean
}

function admits(route: { roles: readonly string[] }, role: ConsoleRole): boolean {
  return route.roles.includes(role)
}

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function boothAccessOf(role: ConsoleRole): BoothAccess {
  return {
    manage: admits(adminBoothsApi.adminShopCreate, role),
    keys: admits(adminBoothsApi.adminMachineKeyIssue, role),
  }
}
