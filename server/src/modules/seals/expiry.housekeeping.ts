import type { Clock } from '../../ports/clock'
import { systemActor } from '../actor'
import type { FileDeletions } from '../files/file-deletions'
import type { ExpiryRepository } from './expiry.repository'

/**
 * `graceMs`: a seal is swept only this long after its expiry, so a save that passed the expiry check
 * just before never finds its puris gone. `batchSeals` seals per transaction, at most `maxBatches`
 * per run (the rest waits for the next hour).
 */
export const EXPIRY_JOB = { graceMs: 60 * 60 * 1000, batchSeals: 100, maxBatches: 50 }

export type ExpiryJobOptions = typeof EXPIRY_JOB

/** The job's name: the housekeeping list's, and the actor of what it changes. */
export const EXPIRY_JOB_NAME = 'seal expiry'

export interface ExpirySweepResult {
  seals: number
  purisRemoved: number
  sealsDeleted: number
  files: { deleted: number; failed: number }
}

/**
 * The expiry job (decision 0014): removes expired seals' unsaved puris and their files. Real time
 * (`clock`, never a session's time travel). Safe on several processes at once; each batch commits
 * its row deletions with the file list, then the files go (a failure or crash leaves them listed
 * for the hourly file sweep).
 */
export function createExpiryJob(deps: {
  repo: Pick<ExpiryRepository, 'expireBatch'>
  clock: Clock
  fileDeletions: Pick<FileDeletions, 'deleteFiles'>
  options?: Partial<ExpiryJobOptions>
}) {
  const { repo } = deps
  const options = { ...EXPIRY_JOB, ...deps.options }
  const actor = systemActor(EXPIRY_JOB_NAME)
  return {
    async sweep(): Promise<ExpirySweepResult> {
      const total: ExpirySweepResult = {
        seals: 0,
        purisRemoved: 0,
        sealsDeleted: 0,
        files: { deleted: 0, failed: 0 },
      }
      for (let batch = 0; batch < options.maxBatches; batch++) {
        const now = deps.clock.now()
        const result = await repo.expireBatch({
          expiredBy: new Date(now.getTime() - options.graceMs),
          limit: options.batchSeals,
          now,
          actor,
        })
        total.seals += result.seals
        total.purisRemoved += result.purisRemoved
        total.sealsDeleted += result.sealsDeleted
        if (result.storageKeys.length > 0) {
          const files = await deps.fileDeletions.deleteFiles(result.storageKeys)
          total.files.deleted += files.deleted
          total.files.failed += files.failed
        }
        if (result.seals < options.batchSeals) break
      }
      return total
    },
  }
}

export type ExpiryJob = ReturnType<typeof createExpiryJob>
