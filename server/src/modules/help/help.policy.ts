import { type Actor, inContentLane } from '../actor'

/**
 * Who may do what with help in the console: every operator reads it; editors and admins change
 * categories' titles and leads, write, order and remove answers (content is theirs, decision 0074).
 * Members read the help document, the same for everyone; the system writes only the bundled help
 * at start, through the repository, and leaves what an operator changed.
 */
export type HelpAction = 'read' | 'change-category' | 'order' | 'create' | 'change' | 'remove'

export function can(actor: Actor, action: HelpAction): boolean {
  return inContentLane(actor, action)
}
