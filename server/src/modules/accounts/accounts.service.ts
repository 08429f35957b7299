import { type AccountStatus, accountStatusSchema } from '@puribox/contract/account'
import { formatJst } from '@puribox/contract/time'
import type { Database } from '../../db/client'
import { EncodedEntity } from '../../http/serializer'
import type { EventBus } from '../events'
import type { PenaltyService } from '../penalties/penalties.service'
import type { AccountRow, AccountsRepository } from './accounts.repository'
import { membershipAt } from './membership'
import { grantSchoolPremium, type SchoolPremiumGrant, schoolPremiumEnd } from './school-premium'

export const GUEST_STATUS: AccountStatus = { account: null, membershipStatus: 'GUEST' }

/** Most calls come from guests, and their answer never changes: encoded once. */
const GUEST_STATUS_ENCODED = EncodedEntity.of(accountStatusSchema, GUEST_STATUS)

/** The reason codes of an account's penalties in force, as the member is told them. */
export type PenaltyReasons = Awaited<ReturnType<PenaltyService['reasonsOf']>>

const NO_PENALTY_REASONS: PenaltyReasons = { sns: null, puriget: null }

/**
 * The account status as of `now` (the request's: time travel moves the membership). With `reasons`,
 * the account says why its penalties in force were set (the codes the pages tell); without, it does
 * not say (the sign-in's own answer).
 */
export function presentAccountStatus(row: AccountRow, now: Date, reasons?: PenaltyReasons): AccountStatus {
  const membership = membershipAt(row, now)
  return {
    account: {
      id: row.id,
      // A mail address with a password: a way back in that no carrier line can take away (decision 0066).
      protected: row.passwordHash !== null,
      canAddOn: row.canAddOn,
      snsPenalty: row.snsPenalty,
      ...(reasons ? { snsPenaltyReason: row.snsPenalty === null ? null : reasons.sns } : {}),
      purigetPenalty: row.purigetPenalty,
      ...(reasons ? { purigetPenaltyReason: row.purigetPenalty === 'RED' ? reasons.puriget : null } : {}),
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

/**
 * The account: its status as the member sees it, and what other modules do with an account through
 * its owner, the only writer of `accounts` (decision 0069). A method another module calls inside
 * its own transaction takes that transaction as `tx`, so both changes commit or neither does.
 */
export function createAccountService(deps: {
  repo: AccountsRepository
  penalties: Pick<PenaltyService, 'statusOf' | 'reasonsOf'>
  /** Where the account's events go (`accounts.events.ts`). */
  events: Pick<EventBus, 'emit'>
}) {
  const { repo, events } = deps
  return {
    findById: repo.findById,
    findByMail: repo.findByMail,
    findByMails: repo.findByMails,
    /** A registration's new account (auth, external sign-in), in the registration's transaction. */
    create: repo.create,
    /** An address proved by its code (auth), in the transaction that uses the code up. */
    setMailAddress: repo.setMailAddress,
    /** A password reset (auth), in the transaction that ends the account's sessions. */
    setPasswordHash: repo.setPasswordHash,
    /** Whether the carrier line may take the add-on plan, as its latest sign-in said (external sign-in). */
    setCanAddOn: repo.setCanAddOn,
    /** The premium end that payments alone write (decision 0020), in the notification's transaction. */
    lockPremiumUntil: repo.lockPremiumUntil,
    setPremiumUntil: repo.setPremiumUntil,
    /** The puri-getting and SNS penalties that the penalties module decides. */
    redPenaltyAccountIds: repo.redPenaltyAccountIds,
    setPurigetPenalty: repo.setPurigetPenalty,
    lockPenalties: repo.lockPenalties,
    setSnsPenalty: repo.setSnsPenalty,
    /** When the junior-high free premium of a pupil in a grade ends (decision 0047). */
    schoolPremiumEnd,
    /** The junior-high free premium granted, in the caller's transaction (an approval). */
    grantSchoolPremium: (tx: Database, grant: SchoolPremiumGrant) => grantSchoolPremium(tx, events, grant),

    /**
     * Guest when there is no signed-in account (or it no longer exists). A stored YELLOW is read
     * against its end (one more query, only then), so it lapses to GREEN by itself; an SNS penalty
     * or a RED comes with its reason (one more query, only then).
     */
    async statusOf(
      accountId: string | null,
      now: Date,
    ): Promise<AccountStatus | EncodedEntity<AccountStatus>> {
      if (!accountId) return GUEST_STATUS_ENCODED
      const row = await repo.findById(accountId)
      if (!row) return GUEST_STATUS_ENCODED
      const reasons =
        row.snsPenalty !== null || row.purigetPenalty === 'RED'
          ? await deps.penalties.reasonsOf(accountId)
          : NO_PENALTY_REASONS
      if (row.purigetPenalty !== 'YELLOW') return presentAccountStatus(row, now, reasons)
      const { penalty } = await deps.penalties.statusOf(accountId, now)
      return presentAccountStatus({ ...row, purigetPenalty: penalty }, now, reasons)
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
