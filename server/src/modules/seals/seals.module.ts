import type { AppModule } from '../module'
import { createExpiryJob } from './expiry.housekeeping'
import { createLookupSourceCounter } from './lookup-sources'
import { registerSealRoutes } from './seals.routes'
import { createSealService, type SealService } from './seals.service'

declare module '../module' {
  interface Services {
    seals: SealService
  }
}

export const sealsModule: AppModule = {
  name: 'seals',
  register({ app, repos, storage, images, clock, need }) {
    const lookupSources = createLookupSourceCounter({
      write: (counts) => repos.seals.addLookupCounts(counts),
      clock,
      onError: (error) =>
        app.log.error({ err: error }, 'seal lookup counts not written; kept for the next write'),
    })
    // What is counted goes to the database before the server lets go of it.
    app.addHook('onClose', () => lookupSources.flush())
    const seals = createSealService({
      repo: repos.seals,
      storage,
      images,
      penalties: need('penalties'),
      lookupSources,
    })
    registerSealRoutes(app, { seals, guestKeys: need('purigetGuestKeys') })
    const expiry = createExpiryJob({ repo: repos.expiry, clock, fileDeletions: need('fileDeletions') })
    return {
      provides: { seals },
      // Expired seals' unsaved puris (decision 0014).
      housekeeping: [{ name: 'seal expiry', run: () => expiry.sweep() }],
    }
  },
}
