import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { mailVerifications } from '../auth/auth.schema'
import { type Executor, listFilesForDeletion } from '../files/file-deletions'
import { profileImages } from '../profile/profile.schema'
import { sealRegistrations } from '../saving/saving.schema'
import { seals } from '../seals/seals.schema'
import { throttleBuckets } from '../throttle/throttle.schema'
import { accounts } from './accounts.schema'

/**
 * Every file in the storage port an account owns, by area. A feature that stores files for an
 * account adds its query here (saved puri images, certificates), so that deleting the account
 * deletes them too.
 */
const accountFileSources: ReadonlyArray<(tx: Executor, accountId: string) => Promise<string[]>> = [
  async (tx, accountId) => {
    const rows = await tx
      .select({ key: profileImages.storageKey })
      .from(profileImages)
      .where(eq(profileImages.accountId, accountId))
    return rows.map((row) => row.key)
  },
]

export function createAccountDeletionRepository(db: Database) {
  return {
    /**
     * Removes the account and every row of it in one transaction, and lists its files for deletion.
     * Rows that reference the account go by their foreign keys (`onDelete: 'cascade'`: sessions,
     * profile, profile images); rows that only name its mail address (verifications, rate-limit
     * windows) are deleted here. Answers the files to delete, or null when there was no account.
     */
    async deleteAccount(accountId: string, now: Date): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ id: accounts.id, mailAddress: accounts.mailAddress })
          .from(accounts)
          .where(eq(accounts.id, accountId))
          .for('update')
        if (!account) return null
        const files = (await Promise.all(accountFileSources.map((source) => source(tx, accountId)))).flat()
        await listFilesForDeletion(tx, files, now)
        if (account.mailAddress) {
          const mail = account.mailAddress
          await tx.delete(mailVerifications).where(eq(mailVerifications.mailAddress, mail))
          // `login:fail:<address>`, `regmail:to:<address>`: an exact suffix, no LIKE wildcards.
          await tx
            .delete(throttleBuckets)
            .where(sql`right(${throttleBuckets.key}, ${mail.length + 1}) = ${`:${mail}`}`)
        }
        // Saved puris stay while an owner exists: the seals this account owned go back to the expiry
        // job's queue, which removes the puris no one else saved once the seal is expired (0014).
        await tx
          .update(seals)
          .set({ sweptAt: null })
          .where(
            inArray(
              seals.id,
              tx
                .select({ id: sealRegistrations.sealId })
                .from(sealRegistrations)
                .where(eq(sealRegistrations.accountId, accountId)),
            ),
          )
        await tx.delete(accounts).where(eq(accounts.id, accountId))
        return files
      })
    },
  }
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>
