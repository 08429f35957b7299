import { FLOW_NAMES, type FlowName } from '@puribox/contract/payments'
import { AUDIT_PATH, FLOWS_PATH, withQuery } from '../paths'

export { FLOWS_PATH }

export const flowPath = (flowName: FlowName) => `${FLOWS_PATH}/${flowName}`
export const flowEditPath = (flowName: FlowName) => `${flowPath(flowName)}/edit`

/** The patterns of the area's screens, as wouter matches them. */
export const FLOW_ROUTES = {
  list: FLOWS_PATH,
  flow: `${FLOWS_PATH}/:flowName`,
  edit: `${FLOWS_PATH}/:flowName/edit`,
} as const

/** The flow an address names, or null for a name that is no flow (the console's not-found screen). */
export function flowOf(name: string): FlowName | null {
  return (FLOW_NAMES as readonly string[]).includes(name) ? (name as FlowName) : null
}

/** The audit log's address showing what was done to one flow. */
export function flowAuditPath(flowName: FlowName): string {
  return withQuery(AUDIT_PATH, { targetKind: 'flow', targetId: flowName })
}
