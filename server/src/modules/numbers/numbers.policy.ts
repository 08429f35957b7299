import type { Actor } from '../actor'

/**
 * Who may read the service's numbers: every operator, whatever their role. The numbers are counts
 * per day that name no one, so a viewer reads them as they are. Members and jobs never read them.
 */
export function canReadNumbers(actor: Actor): boolean {
  return actor.kind === 'operator'
}
