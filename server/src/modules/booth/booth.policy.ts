import { type Actor, isEditor } from '../actor'

/**
 * Who may do what with booths: the machine models, the shops, the machines standing in them and
 * the machines' keys. Only operators: every role reads (a shop's name and address are a business's,
 * not a person's, so a viewer reads them too); editors and admins register and change models, shops
 * and machines; a machine key is a credential that lets a booth write plays, so only an admin issues
 * or revokes one. Members and the system's jobs never manage booths (the demo seed writes through the
 * repository, outside production).
 */

/** The actions on each kind of thing. */
export interface BoothActions {
  'machine-model': 'read' | 'create' | 'change'
  shop: 'read' | 'create' | 'change' | 'import'
  machine: 'read' | 'create' | 'change'
  'machine-key': 'read' | 'issue' | 'revoke'
}
export type BoothTarget = keyof BoothActions

export function can<T extends BoothTarget>(actor: Actor, action: BoothActions[T], target: T): boolean {
  if (actor.kind !== 'operator') return false
  if (action === 'read') return true
  if (target === 'machine-key') return actor.role === 'admin'
  return isEditor(actor)
}
