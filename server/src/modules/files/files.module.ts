import type { AppModule } from '../module'
import { createFileDeletions, type FileDeletions } from './file-deletions'

declare module '../module' {
  interface Services {
    fileDeletions: FileDeletions
  }
}

/** Stored files: deleting them once what referred to them is gone, and again when that failed. */
export const filesModule: AppModule = {
  name: 'files',
  register({ db, storage }) {
    const fileDeletions = createFileDeletions({ db, storage })
    return {
      provides: { fileDeletions },
      // Files whose deletion failed at the time (account deleted, image replaced, puri expired): again.
      housekeeping: [{ name: 'file deletions', run: () => fileDeletions.sweep() }],
    }
  },
}
