import { SEAL_LOOKUP_SOURCES } from '@puribox/contract/seal-lookup-source'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { machines } from '../booth/booth.schema'
import { type StoredFileRecord, storedFiles } from '../files/files.schema'

/** One booth play. The primary key is the printed seal ID (canonical, 10 Crockford characters). */
export const seals = pgTable(
  'seals',
  {
    id: text('id').primaryKey(),
    machineId: text('machine_id')
      .notNull()
      .references(() => machines.id),
    shotAt: timestamp('shot_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /**
     * When the expiry job removed the seal's unsaved puris (decision 0014); null before, and again
     * when an owner leaves (their saved puris may have become unsaved).
     */
    sweptAt: timestamp('swept_at', { withTimezone: true }),
  },
  (t) => [
    index('seals_machine_idx').on(t.machineId),
    index('seals_expires_idx').on(t.expiresAt),
    // The expiry job's queue: only seals it has not swept, so its claim never scans the kept ones.
    index('seals_unswept_expires_idx').on(t.expiresAt).where(sql`${t.sweptAt} is null`),
    check('seals_id_format', sql`${t.id} ~ '^[0-9A-HJKMNP-TV-Z]{10}$'`),
  ],
)

export const puris = pgTable(
  'puris',
  {
    sealId: text('seal_id')
      .notNull()
      .references(() => seals.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    isRawPuri: boolean('is_raw_puri').notNull(),
    rawPuriImageNumber: integer('raw_puri_image_number'),
    isProofSample: boolean('is_proof_sample').notNull(),
    originalFileId: uuid('original_file_id')
      .notNull()
      .references(() => storedFiles.id),
    thumbnailFileId: uuid('thumbnail_file_id')
      .notNull()
      .references(() => storedFiles.id),
    qvgaFileId: uuid('qvga_file_id')
      .notNull()
      .references(() => storedFiles.id),
    mediumFileId: uuid('medium_file_id')
      .notNull()
      .references(() => storedFiles.id),
    previewFileId: uuid('preview_file_id')
      .notNull()
      .references(() => storedFiles.id),
  },
  (t) => [primaryKey({ columns: [t.sealId, t.number] })],
)

/**
 * How many seal lookups found a live seal, per day (Japan time) and where the person came from
 * (`from`: the typed form, the sheet's QR code, anything else), for the statistics (decision 0043).
 * Added to in groups (`lookup-sources.ts`), never one write per lookup.
 */
export const sealLookupSources = pgTable(
  'seal_lookup_sources',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source', { enum: SEAL_LOOKUP_SOURCES }).notNull(),
    lookups: bigint('lookups', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.source] }),
    check('seal_lookup_sources_source', sql`${t.source} in ('inputSealId', 'qr', 'other')`),
  ],
)

/** The sizes stored for every puri (decision 0002). */
export type PuriFiles = Record<'original' | 'thumbnail' | 'qvga' | 'medium' | 'preview', StoredFileRecord>

export interface NewPuri {
  number: number
  isRawPuri: boolean
  rawPuriImageNumber: number | null
  isProofSample: boolean
  files: PuriFiles
}

export interface NewPlay {
  sealId: string
  machineId: string
  shotAt: Date
  expiresAt: Date
  puris: NewPuri[]
}
