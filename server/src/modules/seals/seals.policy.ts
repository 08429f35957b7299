import { type Actor, isCaseHandler } from '../actor'

/**
 * Who may do what with seals in the operators' console (decision 0075):
 * - every operator reads a seal and looks at its pictures, which anyone holding its ID sees too (a
 *   viewer or an editor reads the accounts that saved it masked, `seesPersonalData`);
 * - support and admin hide a reported seal and show it again, as they handle every person's case.
 * Members look seals up through their own routes, never here; jobs hide nothing.
 */
export type SealAction = 'read' | 'hide' | 'unhide'

export function can(actor: Actor, action: SealAction): boolean {
  if (actor.kind !== 'operator') return false
  return action === 'read' || isCaseHandler(actor)
}
