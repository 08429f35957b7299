import type { MemberCaller } from '../../http/caller'

/**
 * Who may do what with saved and unsaved puris. The services ask here; the routes only declare
 * roles. Lists and previews are of the caller's own registrations (the queries take the caller's
 * account), so what is decided here is what a caller of that kind may see of them.
 */

/**
 * Whether the caller has unsaved puris to see (the list, the summary, a preview of one): a mini
 * member, of the puris they could not save free. A premium member's puris are all saved, on
 * registering and on becoming premium.
 */
export function canSeeUnsavedPuris(caller: MemberCaller): boolean {
  return caller.membership === 'MINI'
}
