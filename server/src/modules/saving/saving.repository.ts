import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { machines, puris, savedImages, sealRegistrations, seals } from '../../db/schema'

/** Joins a registered seal's puri to the registering member's saved picture of it, if any. */
const savedPuriOfOwner = and(
  eq(savedImages.accountId, sealRegistrations.accountId),
  eq(savedImages.sealId, puris.sealId),
  eq(savedImages.puriNumber, puris.number),
)

export type RegisterOutcome =
  /** `savedCount`: how many of the seal's puris the account has saved, this time included. */
  { kind: 'REGISTERED' | 'ALREADY_REGISTERED'; registeredAt: Date; savedCount: number } | { kind: 'FULL' }

interface RegisterRow {
  existing_ms: number | string | null
  registered_ms: number | string | null
  had_free_slot: boolean
  saved_count: number | string
}

export interface UnsavedFilter {
  /** List finished (non-raw) puris. */
  puri: boolean
  /** List raw puris. */
  raw: boolean
}

export function createSavingRepository(db: Database) {
  /** A mini member's unsaved puris of live seals: registered, not saved, not expired. */
  const unsavedWhere = (accountId: string, now: Date, filter: UnsavedFilter) =>
    and(
      eq(sealRegistrations.accountId, accountId),
      gt(seals.expiresAt, now),
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
    /**
     * Registers the seal to the account and saves `puriNumbers`, in one statement and one round trip
     * (decision 0011). The account takes the seal's first free place (`slot` 1…maxOwners, unique per
     * seal): two members racing for the last place, or one member's double submit, can never both
     * get in, because the loser's insert meets the unique index and does nothing; it then reads
     * again and finds its registration or a full seal. A re-save registers nothing and adds only the
     * puris the member may save now (e.g. after becoming premium).
     */
    async register(input: {
      sealId: string
      accountId: string
      puriNumbers: readonly number[]
      maxOwners: number
      now: Date
    }): Promise<RegisterOutcome> {
      const numbers = `{${input.puriNumbers.map((n) => Math.trunc(n)).join(',')}}`
      const at = input.now.toISOString()
      const statement = sql`
        with existing as (
          select registered_at from ${sealRegistrations}
          where seal_id = ${input.sealId} and account_id = ${input.accountId}
        ), free_slot as (
          select place.slot from generate_series(1, ${input.maxOwners}::int) as place(slot)
          where not exists (select 1 from existing)
            and not exists (select 1 from ${sealRegistrations} taken
              where taken.seal_id = ${input.sealId} and taken.slot = place.slot)
          order by place.slot limit 1
        ), registered as (
          insert into ${sealRegistrations} (seal_id, account_id, registered_at, slot)
          select ${input.sealId}, ${input.accountId}, ${at}::timestamptz, slot from free_slot
          on conflict do nothing
          returning registered_at
        ), owner as (
          select registered_at from existing union all select registered_at from registered
        ), saved as (
          insert into ${savedImages} (account_id, seal_id, puri_number, saved_at)
          select ${input.accountId}, ${input.sealId}, number, ${at}::timestamptz
          from owner, unnest(${numbers}::int[]) as number
          on conflict do nothing
          returning 1
        )
        select
          (select extract(epoch from registered_at) * 1000 from existing)::float8 as existing_ms,
          (select extract(epoch from registered_at) * 1000 from registered)::float8 as registered_ms,
          exists (select 1 from free_slot) as had_free_slot,
          (select count(*) from ${savedImages} where account_id = ${input.accountId} and seal_id = ${input.sealId})::int
            + (select count(*) from saved)::int as saved_count`
      // Another request took the place this one found free between its read and its insert: read
      // again (never on PGlite, which runs one statement at a time; rarely on PostgreSQL). Each lost
      // race means another registration got in, so there are never more than places + 1 attempts.
      const attempts = input.maxOwners + 1
      for (let attempt = 0; attempt < attempts; attempt++) {
        const result = await db.execute(statement)
        const row = (result as unknown as { rows: RegisterRow[] }).rows[0]!
        const savedCount = Number(row.saved_count)
        if (row.existing_ms !== null) {
          return { kind: 'ALREADY_REGISTERED', registeredAt: new Date(Number(row.existing_ms)), savedCount }
        }
        if (row.registered_ms !== null) {
          return { kind: 'REGISTERED', registeredAt: new Date(Number(row.registered_ms)), savedCount }
        }
        if (!row.had_free_slot) return { kind: 'FULL' }
      }
      throw new Error(`seal ${input.sealId}: no place after ${attempts} attempts`)
    },

    /**
     * Saves every unsaved puri of the account's live (not expired) registered seals, e.g. when a mini
     * member becomes premium. Idempotent. Answers how many were saved now.
     */
    async saveAllUnsaved(accountId: string, now: Date): Promise<number> {
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
