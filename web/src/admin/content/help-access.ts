import { adminHelpApi } from '@puribox/contract/admin-help'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do with help: the roles each route of the contract admits. */
export interface HelpAccess {
  changeCategory: boolean
  order: boolean
  create: boolean
  change: boolean
  remove: boolean
}

const admits = (route: { roles: readonly string[] }, role: ConsoleRole) => route.roles.includes(role)

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function helpAccessOf(role: ConsoleRole): HelpAccess {
  return {
    changeCategory: admits(adminHelpApi.adminHelpCategoryChange, role),
    order: admits(adminHelpApi.adminHelpAnswersOrder, role),
    create: admits(adminHelpApi.adminHelpAnswerCreate, role),
    change: admits(adminHelpApi.adminHelpAnswerChange, role),
    remove: admits(adminHelpApi.adminHelpAnswerRemove, role),
  }
}

/** Whether the role may change help at all (else the screens say it reads only). */
export function writesHelp(access: HelpAccess): boolean {
  return Object.values(access).some(Boolean)
}
