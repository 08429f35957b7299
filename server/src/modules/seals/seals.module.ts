import type { AppModule } from '../module'
import { createExpiryJob, EXPIRY_JOB_NAME } from './expiry.housekeeping'
import { createExpiryRepository } from './expiry.repository'
import { createLookupSourceCounter } from './lookup-sources'
import { createSealsRepository, type SealsRepository } from './seals.repository'
import { registerSealRoutes } from './seals.routes'
import { createSealService, type SealService } from './seals.service'
import { createSealsAdminRepository } from './seals-admin.repository'
import { registerSealsAdminRoutes } from './seals-admin.routes'
import { createSealsAdminService } from './seals-admin.service'

declare module '../module' {
  interface Services {
    seals: SealService
    /**
     * A seal's rows as other modules need them: a booth's play written with its files' records, a
     * seal read as it is stored (an inquiry about it), and seals handed back to the expiry job in the
     * caller's transaction (an owner left).
     */
    sealStore: Pick<SealsRepository, 'insertPlay' | 'findSealSet' | 'requeueForExpiry'>
  }
}

export const sealsModule: AppModule = {
  name: 'seals',
  register({ app, db, storage, images, clock, events, need }) {
    const files = need('files')
    const repo = createSealsRepository(db, files)
    const lookupSources = createLookupSourceCounter({
      write: (counts) => repo.addLookupCounts(counts),
      clock,
      onError: (error) =>
        app.log.error({ err: error }, 'seal lookup counts not written; kept for the next write'),
    })
    // What is counted goes to the database before the server lets go of it.
    app.addHook('onClose', () => lookupSources.flush())
    const seals = createSealService({
      repo,
      storage,
      images,
      penalties: need('penalties'),
      lookupSources,
    })
    registerSealRoutes(app, { seals, guestKeys: need('purigetGuestKeys') })
    // The console's seals (decision 0075): a seal as operators see it, and hiding a reported one.
    registerSealsAdminRoutes(app, {
      admin: createSealsAdminService({
        admin: createSealsAdminRepository(db, events),
        files: repo,
        storage,
        clock,
        forget: (sealId) => seals.forget(sealId),
      }),
    })
    const expiry = createExpiryJob({
      repo: createExpiryRepository(db, { files, events }),
      clock,
      fileDeletions: need('fileDeletions'),
    })
    return {
      provides: {
        seals,
        sealStore: {
          insertPlay: repo.insertPlay,
          findSealSet: repo.findSealSet,
          requeueForExpiry: repo.requeueForExpiry,
        },
      },
      // Expired seals' unsaved puris (decision 0014).
      housekeeping: [{ name: EXPIRY_JOB_NAME, run: () => expiry.sweep() }],
    }
  },
}
