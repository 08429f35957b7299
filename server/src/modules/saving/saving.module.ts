import type { AppModule } from '../module'
import { seedDemoPlays } from './saving.demo'
import { createSavingRepository } from './saving.repository'
import { registerSavingRoutes } from './saving.routes'
import { createSavingService } from './saving.service'

export const savingModule: AppModule = {
  name: 'saving',
  register({ app, db, config, events, images, clock, need }) {
    const repo = createSavingRepository(db, need('sealStore'))
    registerSavingRoutes(app, {
      saving: createSavingService({
        repo,
        seals: need('seals'),
        maxOwners: config.sealMaxOwners,
      }),
    })
    // Becoming premium keeps at once the puris a free member could not save, while their seals live.
    events.on('account.became-premium', 'saving', repo.becamePremium)
    // An owner of an expired seal who kept none of its puris has nothing left of it (decision 0014).
    events.on('seals.expired', 'saving', (tx, event) => repo.dropEmpty(event.payload.sealIds, tx))
    events.on('account.deleted', 'saving', repo.accountDeleted)
    const accounts = need('accounts')
    return {
      // The demo members' saved plays, pushed by the demo booth (the accounts' and the booth's demos ran before).
      demo: () => seedDemoPlays(app, { accounts, saving: repo, images, now: clock.now() }),
    }
  },
}
