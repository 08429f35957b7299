import type { AppModule } from '../module'
import { createFileDeletions, type FileDeletions } from './file-deletions'
import { createFilesRepository, type FilesRepository } from './files.repository'

declare module '../module' {
  interface Services {
    fileDeletions: FileDeletions
    /**
     * The records of the files other modules keep in the storage port: a play's pictures recorded
     * with it, expired ones forgotten (and listed for deletion), each in the caller's transaction.
     */
    files: Pick<FilesRepository, 'record' | 'forget'>
  }
}

/** Stored files: their records, deleting them once what referred to them is gone, and again when that failed. */
export const filesModule: AppModule = {
  name: 'files',
  register({ db, storage }) {
    const repo = createFilesRepository(db)
    const fileDeletions = createFileDeletions({ db, storage })
    return {
      provides: { fileDeletions, files: { record: repo.record, forget: repo.forget } },
      // Files whose deletion failed at the time (account deleted, image replaced, puri expired): again.
      housekeeping: [{ name: 'file deletions', run: () => fileDeletions.sweep() }],
    }
  },
}
