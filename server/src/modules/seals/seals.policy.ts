import { type Actor, isCaseHandler } from '../actor'

/**
 * Who may do what with seals in the operators' console (decision 0075):
 * - every operator reads a seal: where and when it was played, its pictures' numbers, and the
 *   accounts that saved it (masked to a viewer or an editor, `seesPersonalData`);
 * - support and admin look at its pictures — people's faces, personal data as much as a mail
 *   address, and often the reason a seal was reported — and hide a reported seal and show it again,
 *   as they handle every person's case.
 * Members look seals up through their own routes, never here; jobs hide nothing.
 */
export type SealAction = 'read' | 'view-pictures' | 'hide' | 'unhide'

export function can(actor: Actor, action: SealAction): boolean {
  if (actor.kind !== 'operator') return false
  return action === 'read' || isCaseHandler(actor)
}
