import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { EventEnvelope } from '../events'
import type { Executor } from '../files/file-deletions'
import { profileImages, profiles } from './profile.schema'

export type ProfileRow = typeof profiles.$inferSelect
export type ProfileFields = Pick<ProfileRow, 'nickname' | 'birthday' | 'gender' | 'prefectureName'>

/** What a save does to the profile's image: nothing, a new stored file, or none any more. */
export type ImageChange =
  | { kind: 'keep' }
  | { kind: 'set'; image: { id: string; storageKey: string; byteSize: number } }
  | { kind: 'remove' }

/** What the profile needs of the files module: its dropped images listed for deletion, in its transaction. */
export interface ProfileFiles {
  list(tx: Executor, storageKeys: string[], now: Date): Promise<void>
}

export function createProfileRepository(db: Database, deps: { files: ProfileFiles }) {
  /** Storage keys of every image of the account but `keep`, listed for deletion, and their rows gone. */
  async function dropImages(tx: Executor, accountId: string, now: Date, keep?: string): Promise<string[]> {
    const where = keep
      ? and(eq(profileImages.accountId, accountId), ne(profileImages.id, keep))
      : eq(profileImages.accountId, accountId)
    const rows = await tx.select({ key: profileImages.storageKey }).from(profileImages).where(where)
    const keys = rows.map((row) => row.key)
    await deps.files.list(tx, keys, now)
    if (keys.length > 0) await tx.delete(profileImages).where(where)
    return keys
  }

  return {
    /** An account deleted: its profile and its images go; the image files are listed for deletion. */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await tx.delete(profiles).where(eq(profiles.accountId, event.payload.accountId))
      event.payload.dropFiles(await dropImages(tx, event.payload.accountId, event.at))
    },

    async find(accountId: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(profiles).where(eq(profiles.accountId, accountId)).limit(1)
      return row ?? null
    },

    /**
     * Saves the profile in one transaction: the typed fields given (all four, or none), and the
     * image kept, replaced by a stored file, or removed; a replaced or removed image's file is listed
     * for deletion. Answers the profile and the keys to delete now.
     */
    async save(
      accountId: string,
      fields: Partial<ProfileFields>,
      image: ImageChange,
      now: Date,
    ): Promise<{ profile: ProfileRow; dropped: string[] }> {
      return db.transaction(async (tx) => {
        if (image.kind === 'set') {
          await tx.insert(profileImages).values({ ...image.image, accountId, createdAt: now })
        }
        const imageId = image.kind === 'keep' ? {} : { imageId: image.kind === 'set' ? image.image.id : null }
        const set = { ...fields, ...imageId, updatedAt: now }
        const [profile] = await tx
          .insert(profiles)
          .values({ accountId, ...set })
          .onConflictDoUpdate({ target: profiles.accountId, set })
          .returning()
        const dropped =
          image.kind === 'keep'
            ? []
            : await dropImages(tx, accountId, now, image.kind === 'set' ? image.image.id : undefined)
        return { profile: profile!, dropped }
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
