import { type Actor, isCaseHandler } from '../actor'

/**
 * Who may read the audit log: every operator, whatever their role (a viewer or an editor sees
 * personal data masked). Members and jobs never read it, and nobody may change it: the database refuses.
 */
export function canReadAuditLog(actor: Actor): boolean {
  return actor.kind === 'operator'
}

/**
 * Whether the actor sees personal data as it is, rather than masked, wherever the console shows it
 * (the log, a member's page, an inquiry, an application): only those who handle people's cases,
 * support and admins. A viewer and an editor read the same pages with it masked (decision 0074).
 */
export function seesPersonalData(actor: Actor): boolean {
  return isCaseHandler(actor)
}
