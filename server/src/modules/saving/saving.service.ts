import { noFreePuriReason, puriNumbersToSave } from '@puribox/contract/puri-rules'
import type { SealRegistration, UnsavedItem, UnsavedSummary } from '@puribox/contract/saving'
import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { formatJst } from '@puribox/contract/time'
import { parseUnsavedPuriId, UNSAVED_SUMMARY_ITEMS, unsavedDeadline } from '@puribox/contract/unsaved-rules'
import { createBatcher } from '../../db/batcher'
import type { MemberCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import { puriFlags, type SealService } from '../seals/seals.service'
import { canSeeUnsavedPuris } from './saving.policy'
import type {
  RegisterOutcome,
  RegisterRequest,
  SavingRepository,
  UnsavedFilter,
  UnsavedRow,
} from './saving.repository'

function presentUnsaved(row: UnsavedRow): UnsavedItem {
  return {
    imageId: null,
    sealId: row.sealId,
    puriNumber: row.puriNumber,
    registerdAt: formatJst(row.registeredAt),
    expiringAt: formatJst(row.expiresAt),
    machineName: row.machineName,
    machineId: row.machineId,
    rawPuri: row.isRawPuri,
    readable: true,
  }
}

const EMPTY_SUMMARY: UnsavedSummary = {
  hasUnsavedPuri: false,
  totalCount: 0,
  items: [],
  soonestExpiryDays: null,
  saveByDate: null,
}

/** Group commit of saves (decision 0015): at most this many in one statement, this many statements at once. */
export const SAVE_BATCH = { maxBatch: 64, maxInFlight: 2 } as const

export function createSavingService(deps: { repo: SavingRepository; seals: SealService; maxOwners: number }) {
  const { repo, seals, maxOwners } = deps
  const registerBatched = createBatcher({
    run: (batch: readonly RegisterRequest[]) => repo.registerMany(batch, maxOwners),
    keyOf: (request) => `${request.sealId}:${request.accountId}`,
    ...SAVE_BATCH,
  })
  /**
   * One request's registration. A lost race (PostgreSQL: another transaction took the place this
   * one found free) means another registration got in, so more tries than places are never needed.
   */
  const registerOne = async (request: RegisterRequest): Promise<RegisterOutcome> => {
    for (let attempt = 0; attempt <= maxOwners; attempt++) {
      const answer = await registerBatched(request)
      if (answer.kind !== 'RACE') return answer
    }
    throw new Error(`seal ${request.sealId}: no place after ${maxOwners + 1} attempts`)
  }
  return {
    /** Starts reading the seal a save is about to look up (`SealService.warm`). */
    warmSeal(input: string): void {
      seals.warm(input)
    },

    /**
     * Saves a seal to a member (decision 0011): the lookup goes through `SealService.lookUpSeal`
     * (malformed, unknown, expired; penalties), then one statement registers and saves (shared
     * with the saves that arrive meanwhile, decision 0015). `source` is where the member came from
     * (`from`), counted with the lookup (decision 0043).
     */
    async register(
      input: string,
      caller: MemberCaller,
      now: Date,
      source: SealLookupSource | null = null,
    ): Promise<SealRegistration> {
      const { record } = await seals.lookUpSeal(input, caller, now, null, source)
      const flags = puriFlags(record)
      const outcome = await registerOne({
        sealId: record.sealId,
        accountId: caller.accountId,
        puriNumbers: puriNumbersToSave(caller.membership, flags),
        now,
      })
      if (outcome.kind === 'FULL') {
        throw new AppError('SEAL_FULL', `a seal may be saved by at most ${maxOwners} accounts`)
      }
      return {
        sealId: record.sealId,
        sealExpireDate: formatJst(record.expiresAt),
        machine: record.machine,
        registeredAt: formatJst(outcome.registeredAt),
        alreadyRegistered: outcome.kind === 'ALREADY_REGISTERED',
        savedCount: outcome.savedCount,
        unsavedCount: record.puris.length - outcome.savedCount,
        noFreePuriReason: noFreePuriReason(flags),
      }
    },

    /** Saves every unsaved puri of the account's live seals (a mini member became premium). */
    saveAllUnsaved(accountId: string, now: Date): Promise<number> {
      return repo.saveAllUnsaved(accountId, now)
    },

    /** A mini member's unsaved puris, one page; empty for premium. */
    async listUnsaved(
      caller: MemberCaller,
      query: UnsavedFilter & { count: number; page: number },
      now: Date,
    ) {
      if (!canSeeUnsavedPuris(caller))
        return { totalCount: 0, currentPage: query.page, totalPage: 0, items: [] }
      const { rows, total } = await repo.listUnsaved(caller.accountId, now, query, {
        limit: query.count,
        offset: (query.page - 1) * query.count,
      })
      return {
        totalCount: total,
        currentPage: query.page,
        totalPage: Math.ceil(total / query.count),
        items: rows.map(presentUnsaved),
      }
    },

    /** The header badge and my page's notice: count, first few, days left and save-by date. */
    async unsavedSummary(caller: MemberCaller, now: Date): Promise<UnsavedSummary> {
      if (!canSeeUnsavedPuris(caller)) return EMPTY_SUMMARY
      const { rows, total } = await repo.listUnsaved(
        caller.accountId,
        now,
        { puri: true, raw: true },
        { limit: UNSAVED_SUMMARY_ITEMS, offset: 0 },
      )
      if (total === 0) return EMPTY_SUMMARY
      return {
        hasUnsavedPuri: true,
        totalCount: total,
        items: rows.map(presentUnsaved),
        ...unsavedDeadline(rows[0]?.expiresAt ?? null, now),
      }
    },

    /** The watermarked preview of one of the caller's unsaved puris; NOT_FOUND for anything else. */
    async unsavedImage(id: string, caller: MemberCaller, now: Date): Promise<Buffer> {
      const parsed = parseUnsavedPuriId(id)
      const mine =
        parsed !== null &&
        canSeeUnsavedPuris(caller) &&
        (await repo.isUnsaved(caller.accountId, parsed.sealId, parsed.puriNumber, now))
      if (!parsed || !mine) throw new AppError('NOT_FOUND', 'no such unsaved picture')
      // Already the caller's own registered seal: not a puri getting by a typed ID, no penalty applies.
      return seals.previewImage(parsed.sealId, parsed.puriNumber, { padding: false, now, caller: null })
    },
  }
}

export type SavingService = ReturnType<typeof createSavingService>
