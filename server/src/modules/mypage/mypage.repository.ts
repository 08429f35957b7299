import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { machines } from '../booth/booth.schema'
import { storedFiles } from '../files/files.schema'
import { savedImages, sealRegistrations } from '../saving/saving.schema'
import { puris, sealNotHidden, seals } from '../seals/seals.schema'

/** The stored sizes a saved picture is served in (the seal's puri files; never copied). */
export type SavedFileKind = 'thumbnail' | 'qvga' | 'medium' | 'original'

const fileColumn = {
  thumbnail: puris.thumbnailFileId,
  qvga: puris.qvgaFileId,
  medium: puris.mediumFileId,
  original: puris.originalFileId,
} as const

/**
 * A member's page shows none of a seal operators hid (decision 0075): not the play, not its saved
 * pictures, not in a ZIP. Nothing is deleted for it, so the seal shown again brings them back.
 */
export function createMypageRepository(db: Database) {
  return {
    /**
     * One page of the account's plays (seal registrations) of seals not hidden, newest registration
     * first (plays saved at one moment, as on becoming premium, newest shot first), with the seal,
     * its machine and the total number of plays: one query.
     */
    async listPlays(accountId: string, page: { limit: number; offset: number }) {
      return db
        .select({
          sealId: seals.id,
          shotAt: seals.shotAt,
          expiresAt: seals.expiresAt,
          registeredAt: sealRegistrations.registeredAt,
          machineId: machines.id,
          machineName: machines.name,
          seriesId: machines.seriesId,
          version: machines.version,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(sealRegistrations)
        .innerJoin(seals, eq(seals.id, sealRegistrations.sealId))
        .innerJoin(machines, eq(machines.id, seals.machineId))
        .where(and(eq(sealRegistrations.accountId, accountId), sealNotHidden(seals.id)))
        .orderBy(desc(sealRegistrations.registeredAt), desc(seals.shotAt), asc(seals.id))
        .limit(page.limit)
        .offset(page.offset)
    },

    /** How many plays (of seals not hidden) the account has (only asked when a page lies past the end). */
    async countPlays(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(sealRegistrations)
        .where(and(eq(sealRegistrations.accountId, accountId), sealNotHidden(sealRegistrations.sealId)))
      return row?.n ?? 0
    },

    /**
     * Every puri of these seals, by seal and number, with the account's saved picture of it where
     * there is one (null: not saved): one query for a page of plays.
     */
    async listPuris(accountId: string, sealIds: readonly string[]) {
      if (sealIds.length === 0) return []
      return db
        .select({
          sealId: puris.sealId,
          puriNumber: puris.number,
          isRawPuri: puris.isRawPuri,
          imageId: savedImages.id,
          savedAt: savedImages.savedAt,
        })
        .from(puris)
        .leftJoin(
          savedImages,
          and(
            eq(savedImages.sealId, puris.sealId),
            eq(savedImages.puriNumber, puris.number),
            eq(savedImages.accountId, accountId),
          ),
        )
        .where(inArray(puris.sealId, [...sealIds]))
        .orderBy(asc(puris.sealId), asc(puris.number))
    },

    /**
     * Where one size of a saved picture is stored, and whose picture it is; null for an unknown id
     * and for a picture of a hidden seal.
     */
    async findSavedFile(imageId: string, kind: SavedFileKind) {
      const [row] = await db
        .select({
          accountId: savedImages.accountId,
          storageKey: storedFiles.storageKey,
          byteSize: storedFiles.byteSize,
        })
        .from(savedImages)
        .innerJoin(puris, and(eq(puris.sealId, savedImages.sealId), eq(puris.number, savedImages.puriNumber)))
        .innerJoin(storedFiles, eq(storedFiles.id, fileColumn[kind]))
        .where(and(eq(savedImages.id, imageId), sealNotHidden(savedImages.sealId)))
        .limit(1)
      return row ?? null
    },

    /**
     * The originals of the account's saved pictures, of one seal or of all of them (oldest shot
     * first), by puri number, with the seal and its shot time; none of a hidden seal.
     */
    async listOwnedOriginals(accountId: string, sealId?: string) {
      const owned = and(eq(savedImages.accountId, accountId), sealNotHidden(savedImages.sealId))
      return db
        .select({
          sealId: savedImages.sealId,
          puriNumber: savedImages.puriNumber,
          isRawPuri: puris.isRawPuri,
          shotAt: seals.shotAt,
          storageKey: storedFiles.storageKey,
          byteSize: storedFiles.byteSize,
        })
        .from(savedImages)
        .innerJoin(puris, and(eq(puris.sealId, savedImages.sealId), eq(puris.number, savedImages.puriNumber)))
        .innerJoin(seals, eq(seals.id, savedImages.sealId))
        .innerJoin(storedFiles, eq(storedFiles.id, puris.originalFileId))
        .where(sealId === undefined ? owned : and(owned, eq(savedImages.sealId, sealId)))
        .orderBy(asc(seals.shotAt), asc(savedImages.sealId), asc(savedImages.puriNumber))
    },
  }
}

export type MypageRepository = ReturnType<typeof createMypageRepository>
