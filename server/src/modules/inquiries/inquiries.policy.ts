import { type Actor, isCaseHandler } from '../actor'

/**
 * Who may do what with inquiries in the console (decision 0073): every operator reads the inbox and
 * an inquiry's page (a viewer with personal data masked, as in the audit log); support and admin
 * handle them — give them to someone, set their state, reply to the person and write internal
 * notes. Members send inquiries through their own route and never read them here; jobs change
 * nothing.
 */
export type InquiryAction = 'read' | 'assign' | 'change-state' | 'reply' | 'note'

export function can(actor: Actor, action: InquiryAction): boolean {
  if (actor.kind !== 'operator') return false
  return action === 'read' || isCaseHandler(actor)
}
