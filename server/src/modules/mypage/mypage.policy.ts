import type { MemberCaller } from '../../http/caller'

/**
 * Who may see what of my page. The services ask here; the routes only declare roles. The plays
 * and a play's ZIP are the caller's own by what they are (the queries take the caller's account);
 * a saved picture is asked for by its id, so its owner is checked.
 */

/** Whether the caller may open a saved picture (any size): only the member who saved it. */
export function canReadSavedImage(caller: MemberCaller, image: { accountId: string }): boolean {
  return image.accountId === caller.accountId
}
