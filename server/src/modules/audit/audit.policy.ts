import type { Actor } from '../actor'

/**
 * Who may read the audit log: every operator, whatever their role (a viewer sees personal data
 * masked). Members and jobs never read it, and nobody may change it: the database refuses.
 */
export function canReadAuditLog(actor: Actor): boolean {
  return actor.kind === 'operator'
}

/** Whether the actor sees personal data in the log as it is, rather than masked. */
export function seesPersonalData(actor: Actor): boolean {
  return actor.kind === 'operator' && actor.role !== 'viewer'
}
