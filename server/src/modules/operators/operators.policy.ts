import type { Actor } from '../actor'

/** The job name `npm run operator` acts as: the one system actor that manages operators. */
export const OPERATOR_COMMAND = 'operator command'

export type OperatorAction = 'list' | 'create' | 'disable' | 'reset'

/**
 * Who may manage operators: an admin of the console, and the operator command run on the server
 * (which makes the first admin, when there is nobody to sign in). No other job, no member, and no
 * operator of another role. Signing in and out needs no permission: it proves who someone is.
 */
export function can(actor: Actor, _action: OperatorAction): boolean {
  if (actor.kind === 'system') return actor.job === OPERATOR_COMMAND
  return actor.kind === 'operator' && actor.role === 'admin'
}
