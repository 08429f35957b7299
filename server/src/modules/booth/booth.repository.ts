import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { storedFiles } from '../files/files.schema'
import { puris, seals } from '../seals/seals.schema'
import { machineKeys } from './booth.schema'

export interface StoredFileRecord {
  id: string
  storageKey: string
  contentType: string
  byteSize: number
  width: number
  height: number
}

export interface NewPuri {
  number: number
  isRawPuri: boolean
  rawPuriImageNumber: number | null
  isProofSample: boolean
  files: Record<'original' | 'thumbnail' | 'qvga' | 'medium' | 'preview', StoredFileRecord>
}

export function createBoothRepository(db: Database) {
  return {
    /** The machine a live (not revoked) key belongs to. */
    async machineIdForKeyHash(keyHash: string): Promise<string | null> {
      const [row] = await db
        .select({ machineId: machineKeys.machineId })
        .from(machineKeys)
        .where(and(eq(machineKeys.keyHash, keyHash), isNull(machineKeys.revokedAt)))
        .limit(1)
      return row?.machineId ?? null
    },

    /**
     * Writes the play in one transaction. Returns false (and writes nothing) when the seal ID is
     * already taken, so the caller can draw another.
     */
    async insertPlay(play: {
      sealId: string
      machineId: string
      shotAt: Date
      expiresAt: Date
      puris: NewPuri[]
    }): Promise<boolean> {
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
        await tx.insert(storedFiles).values(play.puris.flatMap((puri) => Object.values(puri.files)))
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
  }
}

export type BoothRepository = ReturnType<typeof createBoothRepository>
