import { type Actor, isCaseHandler } from '../actor'
import type { PenaltyKind } from './penalties.schema'

/** The job that turns an account RED when its unknown seal IDs reach the day's limit. */
export const PURIGET_RULES_JOB = 'puri-getting penalty rules'

export type PenaltyAction = 'set' | 'clear'

/**
 * Who may set or clear an account's penalties: the operators who act on a person's case, support
 * and admin (decision 0074: an editor's lane is content and booths, so an editor reads); the puri-getting
 * rules, which may only turn an account RED. A viewer reads them; a member never changes their own
 * (they ask through an inquiry).
 */
export function can(actor: Actor, action: PenaltyAction, kind: PenaltyKind): boolean {
  if (actor.kind === 'system') {
    return actor.job === PURIGET_RULES_JOB && action === 'set' && kind === 'PURIGET'
  }
  return isCaseHandler(actor)
}
