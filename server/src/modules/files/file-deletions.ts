import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Storage } from '../../ports/storage'
import { storageDeletions } from './files.schema'

/** The database or a transaction of it: listing files for deletion belongs in the caller's transaction. */
export type Executor = Pick<Database, 'insert' | 'select' | 'delete' | 'update'>

/**
 * Lists files for deletion. Call it in the transaction that removes the rows naming them, so a file
 * is never forgotten: either the rows stay, or the file is listed.
 */
export async function listFilesForDeletion(tx: Executor, storageKeys: string[], now: Date): Promise<void> {
  if (storageKeys.length === 0) return
  await tx
    .insert(storageDeletions)
    .values(storageKeys.map((storageKey) => ({ storageKey, requestedAt: now })))
    .onConflictDoNothing()
}

/** Deletes listed files from the storage port: at once after the transaction, and hourly for leftovers. */
export function createFileDeletions(deps: { db: Database; storage: Storage }) {
  const { db, storage } = deps

  /** Deletes the files; those deleted are unlisted, a failure stays listed for the next sweep. */
  async function deleteFiles(storageKeys: string[]): Promise<{ deleted: number; failed: number }> {
    const deleted: string[] = []
    let failed = 0
    for (const key of storageKeys) {
      try {
        await storage.delete(key)
        deleted.push(key)
      } catch {
        failed++
      }
    }
    if (deleted.length > 0)
      await db.delete(storageDeletions).where(inArray(storageDeletions.storageKey, deleted))
    return { deleted: deleted.length, failed }
  }

  return {
    /**
     * Lists files for deletion in the caller's transaction (`listFilesForDeletion`): another module
     * dropping the rows that name its files calls it, then `deleteFiles` once it committed.
     */
    list: listFilesForDeletion,
    deleteFiles,
    /** Housekeeping: every listed file (a few hundred per run). */
    async sweep(): Promise<{ deleted: number; failed: number }> {
      const rows = await db.select({ key: storageDeletions.storageKey }).from(storageDeletions).limit(500)
      return deleteFiles(rows.map((row) => row.key))
    },
  }
}

export type FileDeletions = ReturnType<typeof createFileDeletions>
