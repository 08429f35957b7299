import type { AppModule } from '../module'
import { createExpiryJob } from './expiry.housekeeping'
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
    const seals = createSealService({ repo: repos.seals, storage, images, penalties: need('penalties') })
    registerSealRoutes(app, { seals, guestKeys: need('purigetGuestKeys') })
    const expiry = createExpiryJob({ repo: repos.expiry, clock, fileDeletions: need('fileDeletions') })
    return {
      provides: { seals },
      // Expired seals' unsaved puris (decision 0014).
      housekeeping: [{ name: 'seal expiry', run: () => expiry.sweep() }],
    }
  },
}
