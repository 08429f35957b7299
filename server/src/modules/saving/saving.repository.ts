import { and, asc, count, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { machines } from '../booth/booth.schema'
import type { EventEnvelope } from '../events'
import { puris, sealNotHidden, seals } from '../seals/seals.schema'
import { savedImages, sealRegistrations } from './saving.schema'

/** Joins a registered seal's puri to the registering member's saved picture of it, if any. */
const savedPuriOfOwner = and(
  eq(savedImages.accountId, sealRegistrations.accountId),
  eq(savedImages.sealId, puris.sealId),
  eq(savedImages.puriNumber, puris.number),
)

export interface RegisterRequest {
  sealId: string
  accountId: string
  /** The puris to save (the free one for mini, all for premium). */
  puriNumbers: readonly number[]
  /** The request's now (time travel included): the registration's and the saved puris' time. */
  now: Date
}

export type RegisterOutcome =
  /** `savedCount`: how many of the seal's puris the account has saved, this time included. */
  { kind: 'REGISTERED' | 'ALREADY_REGISTERED'; registeredAt: Date; savedCount: number } | { kind: 'FULL' }

type RegisterAnswer = RegisterOutcome | { kind: 'RACE' }

interface RegisterRow {
  existing_ms: number | string | null
  registered_ms: number | string | null
  had_place: boolean
  saved_count: number | string
}

export interface UnsavedFilter {
  /** List finished (non-raw) puris. */
  puri: boolean
  /** List raw puris. */
  raw: boolean
}

/**
 * Saves every unsaved puri of the account's live (not expired) registered seals, when a mini member
 * becomes premium (in the transaction that makes them premium). Idempotent. Answers how many were
 * saved now.
 */
export async function saveAllUnsaved(db: Database, accountId: string, now: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into ${savedImages} (account_id, seal_id, puri_number, saved_at)
    select r.account_id, p.seal_id, p.number, ${now.toISOString()}::timestamptz
    from ${sealRegistrations} r
    join ${seals} s on s.id = r.seal_id
    join ${puris} p on p.seal_id = r.seal_id
    where r.account_id = ${accountId} and s.expires_at > ${now.toISOString()}::timestamptz
    on conflict (account_id, seal_id, puri_number) do nothing
    returning id`)
  return (result as unknown as { rows: unknown[] }).rows.length
}

/** What saving needs of the seals module: a seal whose owner left goes back to the expiry job (0014). */
export interface SavingSeals {
  requeueForExpiry(sealIds: readonly string[], tx: Database): Promise<void>
}

export function createSavingRepository(db: Database, sealStore: SavingSeals) {
  /**
   * A mini member's unsaved puris of live seals: registered, not saved, not expired, and not of a
   * seal operators hid (decision 0075).
   */
  const unsavedWhere = (accountId: string, now: Date, filter: UnsavedFilter) =>
    and(
      eq(sealRegistrations.accountId, accountId),
      gt(seals.expiresAt, now),
      sealNotHidden(seals.id),
      isNull(savedImages.id),
      filter.puri && filter.raw
        ? undefined
        : filter.raw
          ? eq(puris.isRawPuri, true)
          : filter.puri
            ? eq(puris.isRawPuri, false)
            : sql`false`,
    )

  const unsavedFrom = () =>
    db
      .select({
        sealId: seals.id,
        puriNumber: puris.number,
        registeredAt: sealRegistrations.registeredAt,
        expiresAt: seals.expiresAt,
        machineId: machines.id,
        machineName: machines.name,
        isRawPuri: puris.isRawPuri,
      })
      .from(sealRegistrations)
      .innerJoin(seals, eq(seals.id, sealRegistrations.sealId))
      .innerJoin(machines, eq(machines.id, seals.machineId))
      .innerJoin(puris, eq(puris.sealId, seals.id))
      .leftJoin(savedImages, savedPuriOfOwner)

  return {
    /** Whether the account has registered any seal (the demo's plays are made only for one that has not). */
    async hasRegistrations(accountId: string): Promise<boolean> {
      const found = await db
        .select({ sealId: sealRegistrations.sealId })
        .from(sealRegistrations)
        .where(eq(sealRegistrations.accountId, accountId))
        .limit(1)
      return found.length > 0
    },

    /**
     * Registers seals to accounts and saves their puris: a batch of requests (distinct seal and
     * account pairs; the service's batcher makes them, decision 0015) in one statement. Each account
     * takes its seal's next free place (`slot` 1…maxOwners, unique per seal; newcomers to one seal
     * in one batch take successive places). A re-save registers nothing and adds only the puris the
     * member may save now (e.g. after becoming premium). Answers per request, in order; `RACE` when
     * another transaction took the place between this statement's read and its insert (PostgreSQL
     * only: PGlite runs one statement at a time) — the loser's insert met a unique index and did
     * nothing, and the caller asks again.
     */
    async registerMany(requests: readonly RegisterRequest[], maxOwners: number): Promise<RegisterAnswer[]> {
      const column = <T>(pick: (request: RegisterRequest) => T) => requests.map(pick)
      const sealIds = sql.param(column((r) => r.sealId))
      const accountIds = sql.param(column((r) => r.accountId))
      const numbers = sql.param(column((r) => `{${r.puriNumbers.map((n) => Math.trunc(n)).join(',')}}`))
      const nows = sql.param(column((r) => r.now.toISOString()))
      // One statement, planned once per connection: the function of migration 0010.
      const result = await db.execute(sql`
        select * from register_seal_saves(${sealIds}::text[], ${accountIds}::uuid[], ${numbers}::text[],
          ${nows}::timestamptz[], ${maxOwners}::int)`)
      return (result as unknown as { rows: RegisterRow[] }).rows.map((row): RegisterAnswer => {
        const savedCount = Number(row.saved_count)
        if (row.existing_ms !== null) {
          return { kind: 'ALREADY_REGISTERED', registeredAt: new Date(Number(row.existing_ms)), savedCount }
        }
        if (row.registered_ms !== null) {
          return { kind: 'REGISTERED', registeredAt: new Date(Number(row.registered_ms)), savedCount }
        }
        return row.had_place ? { kind: 'RACE' } : { kind: 'FULL' }
      })
    },

    /** See `saveAllUnsaved`. */
    saveAllUnsaved(accountId: string, now: Date): Promise<number> {
      return saveAllUnsaved(db, accountId, now)
    },

    /** An account became premium: its unsaved puris of live seals are saved in the same transaction. */
    async becamePremium(tx: Database, event: EventEnvelope<'account.became-premium'>): Promise<void> {
      await saveAllUnsaved(tx, event.payload.accountId, event.at)
    },

    /**
     * The expiry job's batch: drops the registrations of these seals that kept no saved puri (a
     * free member's seal with no free puri), in the batch's transaction.
     */
    async dropEmpty(sealIds: readonly string[], tx: Database): Promise<void> {
      if (sealIds.length === 0) return
      await tx.delete(sealRegistrations).where(
        and(
          inArray(sealRegistrations.sealId, [...sealIds]),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(savedImages)
              .where(
                and(
                  eq(savedImages.sealId, sealRegistrations.sealId),
                  eq(savedImages.accountId, sealRegistrations.accountId),
                ),
              ),
          ),
        ),
      )
    },

    /**
     * An account deleted: its registrations and saved puris go. Saved puris stay while an owner
     * exists, so the seals it owned go back to the expiry job's queue, which removes the puris no
     * one else saved once the seal is expired (decision 0014).
     */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      const owned = await tx
        .select({ sealId: sealRegistrations.sealId })
        .from(sealRegistrations)
        .where(eq(sealRegistrations.accountId, event.payload.accountId))
      await sealStore.requeueForExpiry(
        owned.map((row) => row.sealId),
        tx,
      )
      await tx.delete(savedImages).where(eq(savedImages.accountId, event.payload.accountId))
      await tx.delete(sealRegistrations).where(eq(sealRegistrations.accountId, event.payload.accountId))
    },

    /** One page of unsaved puris, soonest expiry first, with the total. */
    async listUnsaved(
      accountId: string,
      now: Date,
      filter: UnsavedFilter,
      page: { limit: number; offset: number },
    ) {
      const where = unsavedWhere(accountId, now, filter)
      const [rows, [total]] = await Promise.all([
        unsavedFrom()
          .where(where)
          .orderBy(asc(seals.expiresAt), asc(seals.id), asc(puris.number))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(sealRegistrations)
          .innerJoin(seals, eq(seals.id, sealRegistrations.sealId))
          .innerJoin(puris, eq(puris.sealId, seals.id))
          .leftJoin(savedImages, savedPuriOfOwner)
          .where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /** Whether this puri is one of the account's unsaved puris of a live seal. */
    async isUnsaved(accountId: string, sealId: string, puriNumber: number, now: Date): Promise<boolean> {
      const [row] = await unsavedFrom()
        .where(
          and(
            unsavedWhere(accountId, now, { puri: true, raw: true }),
            eq(seals.id, sealId),
            eq(puris.number, puriNumber),
          ),
        )
        .limit(1)
      return row !== undefined
    },
  }
}

export type SavingRepository = ReturnType<typeof createSavingRepository>
export type UnsavedRow = Awaited<ReturnType<SavingRepository['listUnsaved']>>['rows'][number]
