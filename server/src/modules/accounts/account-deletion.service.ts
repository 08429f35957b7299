import type { AccountDeletionBody, AccountDeletionCheck } from '@puribox/contract/account-deletion'
import { formatJst } from '@puribox/contract/time'
import type { MemberCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Actor } from '../actor'
import type { AuthService } from '../auth/auth.service'
import type { FileDeletions } from '../files/file-deletions'
import { accountDeletionStatus } from './account-deletion.policy'
import type { AccountDeletionRepository } from './account-deletion.repository'
import type { AccountRow, AccountsRepository } from './accounts.repository'

/** Leaving PuriBox (docs/decisions/0009): who may, what it asks, and what it removes. */
export function createAccountDeletionService(deps: {
  repo: AccountDeletionRepository
  accounts: AccountsRepository
  auth: Pick<AuthService, 'reauthenticate'>
  fileDeletions: FileDeletions
  /** Whether the account has a subscription that still renews (payments). */
  isPaying: (accountId: string) => Promise<boolean>
}) {
  const { repo, accounts, auth, fileDeletions, isPaying } = deps

  async function accountOrThrow(accountId: string): Promise<AccountRow> {
    const account = await accounts.findById(accountId)
    if (!account) throw new AppError('UNAUTHENTICATED', 'sign in first')
    return account
  }

  /**
   * Deletes the account: its rows (one transaction), then its files from the storage port. A file
   * that cannot be deleted now stays listed and the hourly housekeeping deletes it. False when there
   * was no such account. The one way an account is deleted: operators' tools call it too, and
   * `actor` (the member leaving, an operator) is who the deletion's event says deleted it, and
   * `reason` an operator's note, which the audit log keeps.
   */
  async function deleteAccount(
    actor: Actor,
    accountId: string,
    now: Date,
    reason: string | null = null,
  ): Promise<boolean> {
    const files = await repo.deleteAccount(actor, accountId, now, reason)
    if (files === null) return false
    await fileDeletions.deleteFiles(files)
    return true
  }

  return {
    deleteAccount,

    async check(caller: MemberCaller, now: Date): Promise<AccountDeletionCheck> {
      const account = await accountOrThrow(caller.accountId)
      const { premiumUntil } = account
      return {
        status: accountDeletionStatus(account, await isPaying(account.id)),
        passwordRequired: account.passwordHash !== null,
        premiumUntil: premiumUntil && premiumUntil > now ? formatJst(premiumUntil) : null,
      }
    },

    /** The member deletes their own account, after confirming (and typing the password, if any). */
    async leave(caller: MemberCaller, input: AccountDeletionBody, now: Date): Promise<void> {
      const account = await accountOrThrow(caller.accountId)
      const status = accountDeletionStatus(account, await isPaying(account.id))
      if (status === 'OFFICIAL') {
        throw new AppError(
          'OFFICIAL_ACCOUNT_CANNOT_LEAVE',
          'official accounts cannot be deleted by their members',
        )
      }
      if (status === 'PREMIUM_ACTIVE') {
        throw new AppError('PREMIUM_ACTIVE', 'cancel premium first (/sp/payment/cancel)')
      }
      if (!input.confirmed) throw new AppError('CONFIRMATION_REQUIRED', 'tick the confirmation')
      if (account.passwordHash !== null) {
        await auth.reauthenticate(account, input.password ?? '', caller, now)
      }
      await deleteAccount(caller, account.id, now)
    },
  }
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>
