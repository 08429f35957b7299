import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { listFilesForDeletion } from './file-deletions'
import { type StoredFileRecord, storedFiles } from './files.schema'
import { withDerivatives } from './storage-keys'

export type { StoredFileRecord }

/**
 * The only writer of `stored_files` and `storage_deletions`: records the files other modules put in
 * the storage port, and forgets them, listing them for deletion in the caller's transaction.
 */
export function createFilesRepository(db: Database) {
  return {
    async record(files: readonly StoredFileRecord[], tx: Database = db): Promise<void> {
      if (files.length > 0) await tx.insert(storedFiles).values([...files])
    },

    /**
     * Drops the files' rows and lists their storage keys (and their copies') for deletion, in the caller's transaction;
     * answers the keys, to delete from the storage port once it commits.
     */
    async forget(fileIds: readonly string[], now: Date, tx: Database = db): Promise<string[]> {
      if (fileIds.length === 0) return []
      const dropped = await tx
        .delete(storedFiles)
        .where(inArray(storedFiles.id, [...fileIds]))
        .returning({ key: storedFiles.storageKey })
      // A copy made on demand (a WebP, decision 0013) goes with its file.
      const keys = dropped.flatMap((row) => withDerivatives(row.key))
      await listFilesForDeletion(tx, keys, now)
      return keys
    },
  }
}

export type FilesRepository = ReturnType<typeof createFilesRepository>
