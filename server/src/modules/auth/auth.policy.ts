import type { PersonCaller } from '../../http/caller'

/**
 * Who may use what of mail registration. The services ask here; the routes only declare roles.
 * That a verification was proved in the caller's own browser is checked with its session
 * (`assertProvedHere`): it says which browser, not who.
 */

/**
 * Whether the caller may use a verification of a mail address: a guest one without an account (to
 * register: a member's verification, for adding an address, cannot make a new account), a member
 * one of their own account.
 */
export function canUseVerification(
  caller: PersonCaller,
  verification: { accountId: string | null },
): boolean {
  return caller.kind === 'member'
    ? verification.accountId === caller.accountId
    : verification.accountId === null
}
