import { adminFlowsApi } from '@puribox/contract/admin-flows'
import type { ConsoleRole } from '@puribox/contract/routes'

/**
 * Whether an operator of a role may set a flow: the roles the contract's route admits, read rather
 * than restated, so the button is offered exactly when its request would be let through; the
 * server's policy decides again, and its FORBIDDEN is told all the same.
 */
export function changesFlows(role: ConsoleRole): boolean {
  return (adminFlowsApi.adminFlowChange.roles as readonly string[]).includes(role)
}
