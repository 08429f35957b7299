import { and, asc, eq, inArray, isNull, lte, notExists, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { SystemActor } from '../actor'
import type { EventBus } from '../events'
import { savedImages, sealRegistrations } from '../saving/saving.schema'
import { puris, seals } from './seals.schema'

export interface ExpiredBatch {
  /** Seals claimed in this batch (0: nothing left to do). */
  seals: number
  purisRemoved: number
  sealsDeleted: number
  /** Files listed in `storage_deletions` in the batch's transaction, to delete from the storage port. */
  storageKeys: string[]
}

/** What the expiry job needs besides its own tables, in its batch's transaction. */
export interface ExpiryDeps {
  /** Drops the files' records (and their derivatives') and lists them for deletion: the files module. */
  files: { forget(fileIds: readonly string[], now: Date, tx: Database): Promise<string[]> }
  /** Where `seals.expired` goes: saving drops the registrations that kept no saved puri. */
  events: Pick<EventBus, 'emit'>
}

export function createExpiryRepository(db: Database, deps: ExpiryDeps) {
  return {
    /**
     * One batch of the expiry job (decision 0014), in ONE transaction: claims up to `limit` expired,
     * unswept seals with `FOR UPDATE SKIP LOCKED` (another process's batch takes other seals; saving
     * refuses a seal from its expiry on and the job waits a grace hour after it, so no save races a
     * batch, and the foreign keys would refuse one that did), deletes their puris nobody saved and
     * those puris' `stored_files` rows, lists the files for deletion, tells `seals.expired` (saving
     * drops the registrations that kept nothing: a mini member's seal with no free puri), deletes the
     * seals left with no puri and no owner, and marks the rest swept. A crash before the commit changes nothing; after
     * it, the files are in the deletion list. Running it again finds only what is left.
     */
    async expireBatch(input: {
      expiredBy: Date
      limit: number
      now: Date
      /** The job, as the event says. */
      actor: SystemActor
    }): Promise<ExpiredBatch> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .select({ id: seals.id })
          .from(seals)
          .where(and(isNull(seals.sweptAt), lte(seals.expiresAt, input.expiredBy)))
          .orderBy(asc(seals.expiresAt))
          .limit(input.limit)
          .for('update', { skipLocked: true })
        if (claimed.length === 0) return { seals: 0, purisRemoved: 0, sealsDeleted: 0, storageKeys: [] }
        const sealIds = claimed.map((row) => row.id)

        const removed = await tx
          .delete(puris)
          .where(
            and(
              inArray(puris.sealId, sealIds),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(savedImages)
                  .where(and(eq(savedImages.sealId, puris.sealId), eq(savedImages.puriNumber, puris.number))),
              ),
            ),
          )
          .returning({
            original: puris.originalFileId,
            thumbnail: puris.thumbnailFileId,
            qvga: puris.qvgaFileId,
            medium: puris.mediumFileId,
            preview: puris.previewFileId,
          })
        const fileIds = removed.flatMap((row) => Object.values(row))
        const storageKeys = await deps.files.forget(fileIds, input.now, tx)

        // An owner with no saved puri of the seal has nothing left to see or save (my page would
        // list an empty play for ever): saving drops it, before the seals without owners go.
        await deps.events.emit(tx, 'seals.expired', {
          actor: input.actor,
          at: input.now,
          target: { kind: 'seals', id: 'seals' },
          after: { expiredSeals: sealIds.length, purisRemoved: removed.length },
          payload: { sealIds },
        })
        // No puri left and no owner: nothing can ever name the seal again (registrations would
        // cascade with it, hence the owner check under the seal's lock).
        const deleted = await tx
          .delete(seals)
          .where(
            and(
              inArray(seals.id, sealIds),
              notExists(tx.select({ one: sql`1` }).from(puris).where(eq(puris.sealId, seals.id))),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(sealRegistrations)
                  .where(eq(sealRegistrations.sealId, seals.id)),
              ),
            ),
          )
          .returning({ id: seals.id })
        await tx.update(seals).set({ sweptAt: input.now }).where(inArray(seals.id, sealIds))
        return {
          seals: sealIds.length,
          purisRemoved: removed.length,
          sealsDeleted: deleted.length,
          storageKeys,
        }
      })
    },
  }
}

export type ExpiryRepository = ReturnType<typeof createExpiryRepository>
