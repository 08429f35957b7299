import { SEAL_HIDE_REASONS } from '@puribox/contract/admin-seals'
import { SEAL_LOOKUP_SOURCES } from '@puribox/contract/seal-lookup-source'
import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
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
import { operators } from '../operators/operators.schema'

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
 * A seal operators hid after a report (decision 0075): a row while it is hidden, gone when it is
 * shown again (the audit log keeps every hiding and showing). Members see nothing of a hidden seal:
 * looking it up, its previews and saving it answer SEAL_HIDDEN, and its saved copies leave their
 * owners' lists (`sealNotHidden`). Nothing of the seal is deleted for it.
 */
export const sealHidings = pgTable('seal_hidings', {
  sealId: text('seal_id')
    .primaryKey()
    .references(() => seals.id, { onDelete: 'cascade' }),
  reason: text('reason', { enum: SEAL_HIDE_REASONS }).notNull(),
  /** The operator's note, for operators only: never shown to members. */
  note: text('note'),
  /** Who hid it; null when that operator is gone. */
  operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'set null' }),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull(),
})

/**
 * The condition "members may see this seal", for a query of members' seals, saved pictures or
 * unsaved ones: no operator hid it. `sealId` is the query's column naming the seal.
 */
export function sealNotHidden(sealId: AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${sealHidings} where ${sealHidings.sealId} = ${sealId})`
}

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
