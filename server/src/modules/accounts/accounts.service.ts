import { type AccountStatus, accountStatusSchema } from '@puribox/contract/account'
import { formatJst } from '@puribox/contract/time'
import { EncodedEntity } from '../../http/serializer'
import type { PenaltyService } from '../penalties/penalties.service'
import type { AccountRow, AccountsRepository } from './accounts.repository'
import { membershipAt } from './membership'

export const GUEST_STATUS: AccountStatus = { account: null, membershipStatus: 'GUEST' }

/** Most calls come from guests, and their answer never changes: encoded once. */
const GUEST_STATUS_ENCODED = EncodedEntity.of(accountStatusSchema, GUEST_STATUS)

/** The account status as of `now` (the request's: time travel moves the membership). */
export function presentAccountStatus(row: AccountRow, now: Date): AccountStatus {
  const membership = membershipAt(row, now)
  return {
    account: {
      id: row.id,
      // A mail address with a password: a way back in that no carrier line can take away (decision 0066).
      protected: row.passwordHash !== null,
      canAddOn: row.canAddOn,
      snsPenalty: row.snsPenalty,
      purigetPenalty: row.purigetPenalty,
      official: row.official,
      mailAddress: row.mailAddress,
      registeredAt: formatJst(row.registeredAt),
    },
    membershipStatus: membership,
    schoolPremiumUntil:
      membership === 'JHS_PREMIUM' && row.schoolPremiumUntil
        ? formatJst(new Date(row.schoolPremiumUntil.getTime() - 1000))
        : null,
  }
}

export function createAccountService(deps: {
  repo: AccountsRepository
  penalties: Pick<PenaltyService, 'statusOf'>
}) {
  return {
    /**
     * Guest when there is no signed-in account (or it no longer exists). A stored YELLOW is read
     * against its end (one more query, only then), so it lapses to GREEN by itself.
     */
    async statusOf(
      accountId: string | null,
      now: Date,
    ): Promise<AccountStatus | EncodedEntity<AccountStatus>> {
      if (!accountId) return GUEST_STATUS_ENCODED
      const row = await deps.repo.findById(accountId)
      if (!row) return GUEST_STATUS_ENCODED
      if (row.purigetPenalty !== 'YELLOW') return presentAccountStatus(row, now)
      const { penalty } = await deps.penalties.statusOf(accountId, now)
      return presentAccountStatus({ ...row, purigetPenalty: penalty }, now)
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
