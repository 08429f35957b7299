import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { AccountDeleted } from '../account-hooks'
import { type Executor, listFilesForDeletion } from '../files/file-deletions'
import { profileImages, profiles } from './profile.schema'

export type ProfileRow = typeof profiles.$inferSelect
export type ProfileFields = Pick<ProfileRow, 'nickname' | 'birthday' | 'gender' | 'prefectureName'>

/** Storage keys of every image of the account but `keep`, listed for deletion, and their rows gone. */
async function dropImages(tx: Executor, accountId: string, now: Date, keep?: string): Promise<string[]> {
  const where = keep
    ? and(eq(profileImages.accountId, accountId), ne(profileImages.id, keep))
    : eq(profileImages.accountId, accountId)
  const rows = await tx.select({ key: profileImages.storageKey }).from(profileImages).where(where)
  const keys = rows.map((row) => row.key)
  await listFilesForDeletion(tx, keys, now)
  if (keys.length > 0) await tx.delete(profileImages).where(where)
  return keys
}

export function createProfileRepository(db: Database) {
  return {
    /** An account deleted: its profile and its images go; the image files are listed for deletion. */
    async accountDeleted(tx: Database, event: AccountDeleted): Promise<{ storageKeys: string[] }> {
      await tx.delete(profiles).where(eq(profiles.accountId, event.accountId))
      return { storageKeys: await dropImages(tx, event.accountId, event.now) }
    },

    async find(accountId: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(profiles).where(eq(profiles.accountId, accountId)).limit(1)
      return row ?? null
    },

    /** Creates or replaces the typed fields; the image stays as it is. */
    async saveFields(accountId: string, fields: ProfileFields, now: Date): Promise<ProfileRow> {
      const [row] = await db
        .insert(profiles)
        .values({ accountId, ...fields, updatedAt: now })
        .onConflictDoUpdate({ target: profiles.accountId, set: { ...fields, updatedAt: now } })
        .returning()
      return row!
    },

    /**
     * Makes a stored file the account's image, in one transaction: the image row, the profile
     * pointing at it, and the previous image listed for deletion. Answers the keys to delete now.
     */
    async setImage(
      accountId: string,
      image: { id: string; storageKey: string; byteSize: number },
      now: Date,
    ): Promise<{ profile: ProfileRow; dropped: string[] }> {
      return db.transaction(async (tx) => {
        await tx.insert(profileImages).values({ ...image, accountId, createdAt: now })
        const [profile] = await tx
          .insert(profiles)
          .values({ accountId, imageId: image.id, updatedAt: now })
          .onConflictDoUpdate({ target: profiles.accountId, set: { imageId: image.id, updatedAt: now } })
          .returning()
        const dropped = await dropImages(tx, accountId, now, image.id)
        return { profile: profile!, dropped }
      })
    },

    /** No image any more: rows gone, files listed for deletion. */
    async removeImage(
      accountId: string,
      now: Date,
    ): Promise<{ profile: ProfileRow | null; dropped: string[] }> {
      return db.transaction(async (tx) => {
        const dropped = await dropImages(tx, accountId, now)
        const [profile] = await tx
          .update(profiles)
          .set({ imageId: null, updatedAt: now })
          .where(eq(profiles.accountId, accountId))
          .returning()
        return { profile: profile ?? null, dropped }
      })
    },

    /** Where an image is stored, and whose it is; null for an unknown id. */
    async findImage(imageId: string): Promise<{ accountId: string; storageKey: string } | null> {
      const [row] = await db
        .select({ accountId: profileImages.accountId, storageKey: profileImages.storageKey })
        .from(profileImages)
        .where(eq(profileImages.id, imageId))
        .limit(1)
      return row ?? null
    },
  }
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>
