import { type Actor, inContentLane } from '../actor'

/**
 * Who may do what with news in the console: every operator reads every item, whatever its state;
 * editors and admins write, schedule, publish and withdraw (content is theirs, decision 0074).
 * Members read only what is published, through the members' routes, and change nothing; the
 * system's jobs change nothing either (a scheduled item appears at its time by itself).
 */
export type NewsAction = 'read' | 'create' | 'change' | 'schedule' | 'publish' | 'withdraw'

export function can(actor: Actor, action: NewsAction): boolean {
  return inContentLane(actor, action)
}
