import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

/** A file in the storage port (photo original or derivative, later certificates). */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdAt: createdAt(),
})

/** A file put in the storage port, as `stored_files` records it. */
export interface StoredFileRecord {
  id: string
  storageKey: string
  contentType: string
  byteSize: number
  width: number | null
  height: number | null
}

/**
 * Files of the storage port to delete: written in the same transaction that drops the rows naming
 * them (an account deleted, a profile image replaced), emptied once the files are gone. A file whose
 * deletion failed stays listed, and the hourly housekeeping tries again. Keys are random: no row
 * here says whose the file was.
 */
export const storageDeletions = pgTable('storage_deletions', {
  storageKey: text('storage_key').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
})
