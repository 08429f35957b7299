import { type Actor, inContentLane } from '../actor'

/**
 * Who may do what with the information pages and policies in the console: every operator reads
 * every version, drafts included; editors and admins write, preview, publish and take a schedule
 * back (content is theirs, decision 0074). Members read only published versions, through the
 * members' route; the system publishes only the texts shipped with PuriBox, at start.
 */
export type InformationAction =
  | 'read'
  | 'preview'
  | 'create'
  | 'change'
  | 'discard'
  | 'publish'
  | 'unschedule'

export function can(actor: Actor, action: InformationAction): boolean {
  return inContentLane(actor, action)
}
