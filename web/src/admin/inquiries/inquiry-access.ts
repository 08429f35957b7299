import { adminInquiriesApi } from '@puribox/contract/admin-inquiries'
import type { ConsoleRole } from '@puribox/contract/routes'

/** What an operator of a role may do with an inquiry: the roles each route of the contract admits. */
export interface InquiryAccess {
  /** Give an inquiry to an operator, or to nobody. */
  assign: boolean
  /** Set its state. */
  changeState: boolean
  /** Mail the person a reply. */
  reply: boolean
  /** Add an internal note. */
  note: boolean
  /** Whether any of the above: the inquiry's page has something to do. */
  acts: boolean
}

function admits(route: { roles: readonly string[] }, role: ConsoleRole): boolean {
  return route.roles.includes(role)
}

/**
 * Read from the routes' roles rather than restated, so a control is offered exactly when its request
 * would be let through; the server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function inquiryAccessOf(role: ConsoleRole): InquiryAccess {
  const api = adminInquiriesApi
  const access = {
    assign: admits(api.adminInquiryAssign, role),
    changeState: admits(api.adminInquiryState, role),
    reply: admits(api.adminInquiryReply, role),
    note: admits(api.adminInquiryNote, role),
  }
  return { ...access, acts: Object.values(access).some(Boolean) }
}

/** The roles that act on inquiries (those the reply route admits), for saying who may. */
export function inquiryHandlerRoles(): readonly ConsoleRole[] {
  return adminInquiriesApi.adminInquiryReply.roles
}
