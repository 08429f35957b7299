import { adminApplicationsApi } from '@puribox/contract/admin-applications'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do in the area: the roles each route of the contract admits. */
export interface ApplicationAccess {
  /** Open an application's certificate pictures (each opening is in the audit log). */
  certificates: boolean
  /** Approve an application. */
  approve: boolean
  /** Reject an application for one of the fixed reasons. */
  reject: boolean
}

function admits(route: { roles: readonly string[] }, role: ConsoleRole): boolean {
  return route.roles.includes(role)
}

/**
 * Read from the routes' roles rather than restated, so a picture or a decision is offered exactly
 * when its request would be let through; the server's policy decides again, and its FORBIDDEN is
 * told all the same.
 */
export function applicationAccessOf(role: ConsoleRole): ApplicationAccess {
  const api = adminApplicationsApi
  return {
    certificates: admits(api.adminApplicationCertificate, role),
    approve: admits(api.adminApplicationApprove, role),
    reject: admits(api.adminApplicationReject, role),
  }
}
