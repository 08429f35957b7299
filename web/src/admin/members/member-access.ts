import { adminMembersApi } from '@puribox/contract/admin-members'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do to a member: the roles each route of the contract admits. */
export interface MemberAccess {
  /** Make the puri-getting penalty RED, or clear it. */
  puriget: boolean
  /** Set, change or lift the SNS penalty. */
  sns: boolean
  /** Sign the member out everywhere. */
  signOut: boolean
  /** Delete the account. */
  delete: boolean
}

function admits(route: { roles: readonly string[] }, role: ConsoleRole): boolean {
  return route.roles.includes(role)
}

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 * Setting and clearing a penalty are two routes: both must admit the role for either to be offered.
 */
export function memberAccessOf(role: ConsoleRole): MemberAccess {
  const api = adminMembersApi
  return {
    puriget:
      admits(api.adminMemberPurigetPenaltySet, role) && admits(api.adminMemberPurigetPenaltyClear, role),
    sns: admits(api.adminMemberSnsPenaltySet, role) && admits(api.adminMemberSnsPenaltyClear, role),
    signOut: admits(api.adminMemberSignOut, role),
    delete: admits(api.adminMemberDelete, role),
  }
}

/** Whether the role may change anything of a member at all (else the page says it only reads). */
export function actsOnMembers(access: MemberAccess): boolean {
  return access.puriget || access.sns || access.signOut || access.delete
}
