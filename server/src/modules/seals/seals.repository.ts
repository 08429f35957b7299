import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { machines, puris, seals, storedFiles } from '../../db/schema'

export type PuriFileKind = 'thumbnail' | 'qvga' | 'medium' | 'preview' | 'original'

const fileColumn = {
  thumbnail: puris.thumbnailFileId,
  qvga: puris.qvgaFileId,
  medium: puris.mediumFileId,
  preview: puris.previewFileId,
  original: puris.originalFileId,
} as const

export function createSealsRepository(db: Database) {
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
    })
    .from(seals)
    .innerJoin(machines, eq(machines.id, seals.machineId))
    .innerJoin(puris, eq(puris.sealId, seals.id))
    // The watermarked preview's file comes along, so that the preview image route answers from the
    // cached seal without a query of its own.
    .innerJoin(storedFiles, eq(storedFiles.id, puris.previewFileId))
    .where(eq(seals.id, sql.placeholder('sealId')))
    .orderBy(asc(puris.number))
    .prepare('seal_set_by_id')

  return {
    /**
     * The seal with its machine and puris (each with where its watermarked preview is stored), ordered
     * by number; null when there is no such seal.
     */
    async findSealSet(sealId: string) {
      const rows = await sealSetQuery.execute({ sealId })
      const first = rows[0]
      if (!first) return null
      return {
        sealId: first.sealId,
        expiresAt: first.expiresAt,
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
  }
}

export type SealsRepository = ReturnType<typeof createSealsRepository>
export type SealSetRecord = NonNullable<Awaited<ReturnType<SealsRepository['findSealSet']>>>
