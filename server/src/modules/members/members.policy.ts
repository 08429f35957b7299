import type { Actor } from '../actor'

/**
 * Who may do what with members in the console. Every operator reads a member's page (a viewer or an
 * editor with personal data masked, `seesPersonalData` of the audit log's policy); setting and
 * clearing penalties and signing a member out are the penalties' and sessions' own policies (support
 * and admins); deleting an account is an admin's alone, as irreversible as it is. Members and jobs never
 * use the console: a member leaves through their own route.
 */
export type MemberAction = 'read' | 'delete'

export function can(actor: Actor, action: MemberAction): boolean {
  if (actor.kind !== 'operator') return false
  return action === 'read' || actor.role === 'admin'
}
