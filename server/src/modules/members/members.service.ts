import type {
  MemberDelete,
  MemberDetail,
  MemberNote,
  MemberPage,
  MemberPenalties,
  MemberSealPage,
  MemberSealsQuery,
  MemberSearchQuery,
  MemberSummary,
  PurigetPenaltySet,
  SnsPenaltySet,
} from '@puribox/contract/admin-members'
import { normalizeSealId } from '@puribox/contract/seal-id'
import { sha256 } from '../../crypto/hash'
import { AppError } from '../../http/errors'
import { decodePageCursor, encodePageCursor } from '../../http/page-cursor'
import type { Clock } from '../../ports/clock'
import type { AccountDeletionService } from '../accounts/account-deletion.service'
import { membershipAt } from '../accounts/membership'
import type { Actor } from '../actor'
import { seesPersonalData } from '../audit/audit.policy'
import { maskPersonalData } from '../audit/personal-data'
import { isRenewing } from '../payments/subscription'
import type { PenaltyService } from '../penalties/penalties.service'
import type { OperatorSignOut } from '../sessions/sessions.module'
import { SESSION_IDLE_MS } from '../sessions/sessions.service'
import { can, type MemberAction } from './members.policy'
import type { MemberKey, MembersRepository, SealCursor } from './members.repository'

type PenaltyDecisions = Awaited<ReturnType<PenaltyService['decisionsOf']>>

const iso = (at: Date | null) => at?.toISOString() ?? null

/** The operator's note as kept: null when there is none. */
const noteOf = (body: MemberNote) => body.note || null

function encodeSealCursor(cursor: SealCursor): string {
  return encodePageCursor([cursor.savedAt.toISOString(), cursor.sealId])
}

/** A seal page's cursor as `encodeSealCursor` wrote it: a real instant and a canonical seal ID. */
function isSealCursorText(value: unknown): value is [string, string] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === 'string' &&
    !Number.isNaN(new Date(value[0]).getTime()) &&
    typeof value[1] === 'string' &&
    normalizeSealId(value[1]) === value[1]
  )
}

function decodeSealCursor(text: string): SealCursor {
  const [savedAt, sealId] = decodePageCursor(text, isSealCursorText)
  return { savedAt: new Date(savedAt), sealId }
}

function presentDecision(decisions: PenaltyDecisions, kind: 'PURIGET' | 'SNS') {
  const decision = decisions.find((d) => d.kind === kind)
  if (!decision) return null
  return {
    reason: decision.reason,
    note: decision.note,
    decidedAt: decision.decidedAt.toISOString(),
    decidedBy: {
      kind: decision.job !== null ? ('system' as const) : ('operator' as const),
      operatorId: decision.operatorId,
      operatorMailAddress: decision.operatorMailAddress,
      job: decision.job,
    },
  }
}

/**
 * The console's Members area (decision 0069): finding a member, their page, and what support does
 * for them. Reads are this module's own (a read-only repository over the owning modules' tables);
 * every change goes through the owning module's service with the operator as the actor — the
 * penalties, the sessions, the account deletion — whose policy decides again and whose event the
 * audit log records. A viewer reads personal data masked, as in the audit log.
 */
export function createMembersService(deps: {
  repo: MembersRepository
  clock: Clock
  penalties: Pick<PenaltyService, 'setPenalty' | 'clearPenalty' | 'decisionsOf' | 'statusOf'>
  signOut: OperatorSignOut
  deletion: Pick<AccountDeletionService, 'deleteAccount'>
  /** Whether the account has a subscription that still renews (payments). */
  isPaying: (accountId: string) => Promise<boolean>
}) {
  const { repo, clock, penalties } = deps

  function allow(actor: Actor, action: MemberAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} members`)
  }

  /** What the actor may see of it: as it is, or with personal data masked (a viewer). */
  function asSeenBy<T>(actor: Actor, value: T): T {
    return seesPersonalData(actor) ? value : (maskPersonalData(value, 'account') as T)
  }

  async function accountOrThrow(accountId: string) {
    const account = await repo.account(accountId)
    if (!account) throw new AppError('MEMBER_NOT_FOUND', 'no account has this id')
    return account
  }

  async function sealPage(accountId: string, query: MemberSealsQuery): Promise<MemberSealPage> {
    const [total, rows] = await Promise.all([
      repo.sealCount(accountId),
      repo.seals(accountId, query.after ? decodeSealCursor(query.after) : undefined, query.limit),
    ])
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    return {
      total,
      seals: page.map((row) => ({
        sealId: row.sealId,
        savedAt: row.savedAt.toISOString(),
        pictures: row.pictures,
      })),
      next: rows.length > query.limit && last ? encodeSealCursor(last) : null,
    }
  }

  async function detail(accountId: string): Promise<MemberDetail> {
    const account = await accountOrThrow(accountId)
    const now = clock.now()
    const [profile, identities, subscriptions, sessions, decisions, puriget, seals] = await Promise.all([
      repo.profile(accountId),
      repo.identities(accountId),
      repo.subscriptions(accountId),
      repo.liveSessions(accountId, now, SESSION_IDLE_MS),
      penalties.decisionsOf(accountId),
      penalties.statusOf(accountId, now),
      sealPage(accountId, { limit: 50 }),
    ])
    const penaltiesView: MemberPenalties = {
      puriget: {
        penalty: puriget.penalty,
        yellowUntil: iso(puriget.yellowUntil),
        decision: presentDecision(decisions, 'PURIGET') as MemberPenalties['puriget']['decision'],
      },
      sns: {
        penalty: account.snsPenalty,
        decision: presentDecision(decisions, 'SNS') as MemberPenalties['sns']['decision'],
      },
    }
    return {
      account: {
        id: account.id,
        mailAddress: account.mailAddress,
        official: account.official,
        registeredAt: account.registeredAt.toISOString(),
        membership: membershipAt(account, now),
        premiumUntil: iso(account.premiumUntil),
        schoolPremiumUntil: iso(account.schoolPremiumUntil),
      },
      profile: { nickname: profile?.nickname ?? null, birthday: profile?.birthday ?? null },
      signIn: {
        password: account.mailAddress !== null && account.passwordHash !== null,
        identities: identities.map((identity) => ({
          provider: identity.provider,
          linkedAt: identity.linkedAt.toISOString(),
        })),
      },
      subscriptions: subscriptions.map((row) => ({
        ...row,
        renewing: isRenewing(row),
        createdAt: row.createdAt.toISOString(),
        lastPaidAt: iso(row.lastPaidAt),
        paidUntil: iso(row.paidUntil),
        graceUntil: iso(row.graceUntil),
      })),
      sessions: sessions.map((row) => ({
        // The same id the member's own list gives the session: never the session's hash itself.
        id: sha256(`list:${row.idHash}`, 'base64url').slice(0, 16),
        device: row.device,
        signedInAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastSeenAt.toISOString(),
      })),
      penalties: penaltiesView,
      seals,
    }
  }

  /** The member's page after a change, as the actor sees it. */
  async function changed(actor: Actor, accountId: string, outcome: string | null): Promise<MemberDetail> {
    if (outcome === null) throw new AppError('MEMBER_NOT_FOUND', 'no account has this id')
    if (outcome === 'NOT_SET') throw new AppError('PENALTY_NOT_SET', 'the account has no such penalty')
    return asSeenBy(actor, await detail(accountId))
  }

  return {
    async find(actor: Actor, query: MemberSearchQuery): Promise<MemberPage> {
      allow(actor, 'read')
      let key: MemberKey
      if (query.accountId) key = { accountId: query.accountId }
      else if (query.mailAddress) key = { mailAddress: query.mailAddress.normalize('NFKC') }
      else {
        const sealId = normalizeSealId(query.sealId ?? '')
        if (!sealId) throw new AppError('SEAL_ID_MALFORMED', 'the seal ID cannot be read')
        key = { sealId }
      }
      const rows = await repo.find(key, query.after, query.limit)
      const page = rows.slice(0, query.limit)
      const now = clock.now()
      const members: MemberSummary[] = page.map((row) => ({
        id: row.id,
        mailAddress: row.mailAddress,
        membership: membershipAt(row, now),
        official: row.official,
        registeredAt: row.registeredAt.toISOString(),
        snsPenalty: row.snsPenalty,
        purigetPenalty: row.purigetPenalty,
      }))
      return asSeenBy(actor, {
        members,
        next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      })
    },

    async member(actor: Actor, accountId: string): Promise<MemberDetail> {
      allow(actor, 'read')
      return asSeenBy(actor, await detail(accountId))
    },

    async seals(actor: Actor, accountId: string, query: MemberSealsQuery): Promise<MemberSealPage> {
      allow(actor, 'read')
      await accountOrThrow(accountId)
      return sealPage(accountId, query)
    },

    /** RED: every seal lookup of the member refused until it is cleared; or another reason for it. */
    async setPurigetRed(actor: Actor, accountId: string, body: PurigetPenaltySet): Promise<MemberDetail> {
      const outcome = await penalties.setPenalty(
        actor,
        accountId,
        { kind: 'PURIGET', penalty: 'RED', reason: body.reason },
        noteOf(body),
        clock.now(),
      )
      return changed(actor, accountId, outcome)
    },

    async clearPuriget(actor: Actor, accountId: string, body: MemberNote): Promise<MemberDetail> {
      const outcome = await penalties.clearPenalty(actor, accountId, 'PURIGET', noteOf(body), clock.now())
      return changed(actor, accountId, outcome)
    },

    /** WARNING, ACCESSCONTROL or SUSPENSION (which signs the member out everywhere with it). */
    async setSns(actor: Actor, accountId: string, body: SnsPenaltySet): Promise<MemberDetail> {
      const outcome = await penalties.setPenalty(
        actor,
        accountId,
        { kind: 'SNS', penalty: body.penalty, reason: body.reason },
        noteOf(body),
        clock.now(),
      )
      return changed(actor, accountId, outcome)
    },

    async clearSns(actor: Actor, accountId: string, body: MemberNote): Promise<MemberDetail> {
      const outcome = await penalties.clearPenalty(actor, accountId, 'SNS', noteOf(body), clock.now())
      return changed(actor, accountId, outcome)
    },

    /** Every session of the member ends at once. */
    async signOut(actor: Actor, accountId: string, body: MemberNote): Promise<MemberDetail> {
      await accountOrThrow(accountId)
      await deps.signOut.endEverywhere(actor, accountId, noteOf(body), clock.now())
      return changed(actor, accountId, 'ENDED')
    },

    /**
     * Deletes the account through the one deletion there is, with the operator as the actor. The
     * operator types the account's id or mail address (compared without surrounding spaces,
     * whatever the case); refused while a subscription renews, as a member's leaving is, since the
     * gateway would go on charging an account that is gone.
     */
    async delete(
      actor: Actor,
      accountId: string,
      body: MemberDelete,
    ): Promise<{ accountId: string; deleted: true }> {
      allow(actor, 'delete')
      const account = await accountOrThrow(accountId)
      const typed = body.confirmation.trim().toLowerCase()
      const matches = [account.id, account.mailAddress].some(
        (value) => value !== null && value.toLowerCase() === typed,
      )
      if (!matches) {
        throw new AppError(
          'DELETION_CONFIRMATION_MISMATCH',
          "type the account's id or mail address to confirm the deletion",
        )
      }
      if (await deps.isPaying(accountId)) {
        throw new AppError('PREMIUM_ACTIVE', 'a subscription still renews: the member cancels it first')
      }
      const deleted = await deps.deletion.deleteAccount(actor, accountId, clock.now(), noteOf(body))
      if (!deleted) throw new AppError('MEMBER_NOT_FOUND', 'no account has this id')
      return { accountId, deleted: true }
    },
  }
}

export type MembersService = ReturnType<typeof createMembersService>
