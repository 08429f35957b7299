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
  /** `savedCount`: how many of the seal's puris the account has saved, when known without a query. */
  { kind: 'REGISTERED' | 'ALREADY_REGISTERED'; registeredAt: Date; savedCount?: number } | { kind: 'FULL' }

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
     * Registers the seal to the account and saves `puriNumbers`, in one transaction holding the seal
     * row's lock: two submits at once (same member, or members racing for the last place) are done
     * one after the other, so there is never a duplicate and never more than `maxOwners` accounts.
     * A re-save adds puris the member may save now (e.g. after becoming premium) and nothing else.
     */
    async register(input: {
      sealId: string
      accountId: string
      puriNumbers: readonly number[]
      maxOwners: number
      now: Date
    }): Promise<RegisterOutcome> {
      // A re-save (the page reloaded, a second tap) changes nothing: one read answers it, without
      // the transaction and the seal lock that a first save needs.
      const mine = and(eq(savedImages.accountId, input.accountId), eq(savedImages.sealId, input.sealId))
      const wanted =
        input.puriNumbers.length === 0 ? sql`false` : inArray(savedImages.puriNumber, [...input.puriNumbers])
      const [already] = await db
        .select({
          registeredAt: sealRegistrations.registeredAt,
          saved: sql<number>`(select count(*)::int from ${savedImages} where ${mine})`,
          wantedSaved: sql<number>`(select count(*)::int from ${savedImages} where ${mine} and ${wanted})`,
        })
        .from(sealRegistrations)
        .where(
          and(eq(sealRegistrations.sealId, input.sealId), eq(sealRegistrations.accountId, input.accountId)),
        )
      if (already && Number(already.wantedSaved) === input.puriNumbers.length) {
        return {
          kind: 'ALREADY_REGISTERED',
          registeredAt: already.registeredAt,
          savedCount: Number(already.saved),
        }
      }
      return db.transaction(async (tx) => {
        await tx.select({ id: seals.id }).from(seals).where(eq(seals.id, input.sealId)).for('update')
        const [existing] = await tx
          .select({ registeredAt: sealRegistrations.registeredAt })
          .from(sealRegistrations)
          .where(
            and(eq(sealRegistrations.sealId, input.sealId), eq(sealRegistrations.accountId, input.accountId)),
          )
        let outcome: RegisterOutcome
        if (existing) {
          outcome = { kind: 'ALREADY_REGISTERED', registeredAt: existing.registeredAt }
        } else {
          const [owners] = await tx
            .select({ n: count() })
            .from(sealRegistrations)
            .where(eq(sealRegistrations.sealId, input.sealId))
          if ((owners?.n ?? 0) >= input.maxOwners) return { kind: 'FULL' }
          await tx
            .insert(sealRegistrations)
            .values({ sealId: input.sealId, accountId: input.accountId, registeredAt: input.now })
          outcome = { kind: 'REGISTERED', registeredAt: input.now }
        }
        if (input.puriNumbers.length > 0) {
          await tx
            .insert(savedImages)
            .values(
              input.puriNumbers.map((puriNumber) => ({
                accountId: input.accountId,
                sealId: input.sealId,
                puriNumber,
                savedAt: input.now,
              })),
            )
            .onConflictDoNothing()
        }
        return outcome
      })
    },

    /** How many puris of the seal the account has saved. */
    async countSaved(accountId: string, sealId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(savedImages)
        .where(and(eq(savedImages.accountId, accountId), eq(savedImages.sealId, sealId)))
      return row?.n ?? 0
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
