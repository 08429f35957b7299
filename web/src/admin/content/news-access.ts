import { adminNewsApi } from '@puribox/contract/admin-news'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do with news: the roles each route of the contract admits. */
export interface NewsAccess {
  create: boolean
  change: boolean
  schedule: boolean
  publish: boolean
  withdraw: boolean
}

const admits = (route: { roles: readonly string[] }, role: ConsoleRole) => route.roles.includes(role)

/**
 * Read from the routes' roles rather than restated, so a button is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function newsAccessOf(role: ConsoleRole): NewsAccess {
  return {
    create: admits(adminNewsApi.adminNewsCreate, role),
    change: admits(adminNewsApi.adminNewsChange, role),
    schedule: admits(adminNewsApi.adminNewsSchedule, role),
    publish: admits(adminNewsApi.adminNewsPublish, role),
    withdraw: admits(adminNewsApi.adminNewsWithdraw, role),
  }
}

/** Whether the role may do anything with news at all (else the screens say it reads only). */
export function writesNews(access: NewsAccess): boolean {
  return Object.values(access).some(Boolean)
}
