import { adminAuditionsApi } from '@puribox/contract/admin-auditions'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do with auditions: the roles each route of the contract admits. */
export interface AuditionAccess {
  create: boolean
  change: boolean
  close: boolean
}

const admits = (route: { roles: readonly string[] }, role: ConsoleRole) => route.roles.includes(role)

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function auditionAccessOf(role: ConsoleRole): AuditionAccess {
  const api = adminAuditionsApi
  return {
    create: admits(api.adminAuditionCreate, role),
    change: admits(api.adminAuditionChange, role),
    close: admits(api.adminAuditionClose, role),
  }
}

/** Whether the role may write auditions at all (else the screens say who does). */
export function writesAuditions(access: AuditionAccess): boolean {
  return access.create || access.change || access.close
}
