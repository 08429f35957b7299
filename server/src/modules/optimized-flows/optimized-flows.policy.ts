import { type Actor, inContentLane } from '../actor'

/**
 * Who may do what with the optimised flows in the console: every operator reads them; editors and
 * admins change a flow's case and share (what members are offered is content, decision 0074).
 * Members read only their own case, through the members' routes; the system's jobs change nothing.
 */
export type FlowAction = 'read' | 'change'

export function can(actor: Actor, action: FlowAction): boolean {
  return inContentLane(actor, action)
}
