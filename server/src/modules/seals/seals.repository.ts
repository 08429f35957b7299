import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { createBatcher } from '../../db/batcher'
import type { Database } from '../../db/client'
import { machines } from '../booth/booth.schema'
import { type StoredFileRecord, storedFiles } from '../files/files.schema'
import { type NewPlay, puris, sealHidings, sealLookupSources, seals } from './seals.schema'

export type PuriFileKind = 'thumbnail' | 'qvga' | 'medium' | 'preview' | 'original'

const fileColumn = {
  thumbnail: puris.thumbnailFileId,
  qvga: puris.qvgaFileId,
  medium: puris.mediumFileId,
  preview: puris.previewFileId,
  original: puris.originalFileId,
} as const

/** Found seal lookups of one day (Japan time, `YYYY-MM-DD`) from one source (decision 0043). */
export interface LookupCount {
  day: string
  source: SealLookupSource
  lookups: number
}

/** Seal reads that arrive together go as one query, this many at most, this many queries at once. */
export const SEAL_READ_BATCH = { maxBatch: 128, maxInFlight: 2 } as const

/** What seals need of the files module: recording the files of a play with it. */
export interface SealFiles {
  record(files: readonly StoredFileRecord[], tx: Database): Promise<void>
}

export function createSealsRepository(db: Database, files: SealFiles) {
  // Prepared once: the seal read is the hottest query of a booth-side crowd.
  const sealSetQuery = db
    .select({
      sealId: seals.id,
      expiresAt: seals.expiresAt,
      machineId: machines.id,
      machineName: machines.name,
      seriesId: machines.seriesId,
      version: machines.version,
      number: puris.number,
      isRawPuri: puris.isRawPuri,
      rawPuriImageNumber: puris.rawPuriImageNumber,
      isProofSample: puris.isProofSample,
      previewStorageKey: storedFiles.storageKey,
      hiddenAt: sealHidings.hiddenAt,
    })
    .from(seals)
    .innerJoin(machines, eq(machines.id, seals.machineId))
    .leftJoin(sealHidings, eq(sealHidings.sealId, seals.id))
    .innerJoin(puris, eq(puris.sealId, seals.id))
    // The watermarked preview's file comes along, so that the preview image route answers from the
    // cached seal without a query of its own.
    .innerJoin(storedFiles, eq(storedFiles.id, puris.previewFileId))
    .where(sql`${seals.id} = any(${sql.placeholder('sealIds')}::text[])`)
    .orderBy(asc(seals.id), asc(puris.number))
    .prepare('seal_sets_by_ids')
  type SealSetRow = Awaited<ReturnType<typeof sealSetQuery.execute>>[number]

  const toRecord = (rows: SealSetRow[]) => {
    const first = rows[0]!
    return {
      sealId: first.sealId,
      expiresAt: first.expiresAt,
      /** Operators hid the seal after a report (decision 0075): members may not see it. */
      hidden: first.hiddenAt !== null,
      machine: {
        id: first.machineId,
        name: first.machineName,
        seriesId: first.seriesId,
        version: first.version,
      },
      puris: rows.map((row) => ({
        number: row.number,
        isRawPuri: row.isRawPuri,
        rawPuriImageNumber: row.rawPuriImageNumber,
        isProofSample: row.isProofSample,
        previewStorageKey: row.previewStorageKey,
      })),
    }
  }

  // Reads of seals not in the cache that arrive together go as one query (decision 0015).
  const findBatched = createBatcher<string, ReturnType<typeof toRecord> | null>({
    async run(sealIds) {
      const rows = await sealSetQuery.execute({ sealIds: [...sealIds] })
      const bySeal = new Map<string, SealSetRow[]>()
      for (const row of rows) bySeal.set(row.sealId, [...(bySeal.get(row.sealId) ?? []), row])
      return sealIds.map((sealId) => {
        const found = bySeal.get(sealId)
        return found ? toRecord(found) : null
      })
    },
    keyOf: (sealId) => sealId,
    ...SEAL_READ_BATCH,
  })

  return {
    /**
     * Writes a booth play, its puris and their files' records in one transaction. False (and nothing
     * written) when the seal ID is already taken, so the caller can draw another.
     */
    async insertPlay(play: NewPlay): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(seals)
          .values({
            id: play.sealId,
            machineId: play.machineId,
            shotAt: play.shotAt,
            expiresAt: play.expiresAt,
          })
          .onConflictDoNothing()
          .returning({ id: seals.id })
        if (inserted.length === 0) return false
        await files.record(
          play.puris.flatMap((puri) => Object.values(puri.files)),
          tx,
        )
        await tx.insert(puris).values(
          play.puris.map((puri) => ({
            sealId: play.sealId,
            number: puri.number,
            isRawPuri: puri.isRawPuri,
            rawPuriImageNumber: puri.rawPuriImageNumber,
            isProofSample: puri.isProofSample,
            originalFileId: puri.files.original.id,
            thumbnailFileId: puri.files.thumbnail.id,
            qvgaFileId: puri.files.qvga.id,
            mediumFileId: puri.files.medium.id,
            previewFileId: puri.files.preview.id,
          })),
        )
        return true
      })
    },

    /** Seals whose puris may have become unsaved (an owner left): the expiry job looks at them again. */
    async requeueForExpiry(sealIds: readonly string[], tx: Database = db): Promise<void> {
      if (sealIds.length > 0)
        await tx
          .update(seals)
          .set({ sweptAt: null })
          .where(inArray(seals.id, [...sealIds]))
    },

    /**
     * The seal with its machine and puris (each with where its watermarked preview is stored), ordered
     * by number, and whether operators hid it; null when there is no such seal.
     */
    findSealSet(sealId: string) {
      return findBatched(sealId)
    },

    /** Where one size of one puri is stored, with its seal's expiry; null when there is no such puri. */
    async findPuriFile(sealId: string, number: number, kind: PuriFileKind) {
      const [row] = await db
        .select({ storageKey: storedFiles.storageKey, expiresAt: seals.expiresAt })
        .from(puris)
        .innerJoin(seals, eq(seals.id, puris.sealId))
        .innerJoin(storedFiles, eq(storedFiles.id, fileColumn[kind]))
        .where(and(eq(puris.sealId, sealId), eq(puris.number, number)))
        .limit(1)
      return row ?? null
    },

    /** Adds a group of counted lookups in one statement, each day and source once (decision 0043). */
    async addLookupCounts(counts: readonly LookupCount[]): Promise<void> {
      if (counts.length === 0) return
      await db
        .insert(sealLookupSources)
        .values([...counts])
        .onConflictDoUpdate({
          target: [sealLookupSources.day, sealLookupSources.source],
          set: { lookups: sql`${sealLookupSources.lookups} + excluded.lookups` },
        })
    },

    /** The counted lookups, oldest day first (the statistics; an operator's view would read these). */
    async lookupCounts(): Promise<LookupCount[]> {
      return db
        .select({
          day: sealLookupSources.day,
          source: sealLookupSources.source,
          lookups: sealLookupSources.lookups,
        })
        .from(sealLookupSources)
        .orderBy(asc(sealLookupSources.day), asc(sealLookupSources.source))
    },
  }
}

export type SealsRepository = ReturnType<typeof createSealsRepository>
export type SealSetRecord = NonNullable<Awaited<ReturnType<SealsRepository['findSealSet']>>>
