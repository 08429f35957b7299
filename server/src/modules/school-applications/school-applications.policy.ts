import { type Actor, isCaseHandler } from '../actor'

/**
 * Who may do what with junior-high applications beyond the applicant's own form (decision 0073):
 * - every operator reads the queue and an application's page (a viewer with personal data masked);
 * - support and admin alone open the certificate pictures (a pupil's identity documents) and review;
 * - a member reviews their own application only through the debug page (`review-own`), which is
 *   served with time travel alone, never in production, so testers see every state.
 * Jobs review nothing: the clean-up deletes pictures by their age, as the application says.
 */
export type ApplicationAction = 'read' | 'view-certificate' | 'review' | 'review-own'

export function can(actor: Actor, action: ApplicationAction, application?: { accountId: string }): boolean {
  if (action === 'review-own') {
    return actor.kind === 'member' && application !== undefined && application.accountId === actor.accountId
  }
  if (actor.kind !== 'operator') return false
  return action === 'read' || isCaseHandler(actor)
}
