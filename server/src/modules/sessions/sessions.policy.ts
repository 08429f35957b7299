import { type Actor, isCaseHandler } from '../actor'

/**
 * Who may end a member's sessions: the member themselves (their own routes), and the operators who
 * act on a person's case, support and admin (decision 0073), everywhere at once. A viewer and an
 * editor only read where a member is signed in.
 */
export function canEndSessionsOf(actor: Actor, accountId: string): boolean {
  if (actor.kind === 'member') return actor.accountId === accountId
  return isCaseHandler(actor)
}
