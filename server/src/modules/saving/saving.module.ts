import type { AppModule } from '../module'
import { createSavingRepository } from './saving.repository'
import { registerSavingRoutes } from './saving.routes'
import { createSavingService } from './saving.service'

export const savingModule: AppModule = {
  name: 'saving',
  register({ app, db, config, events, need }) {
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
    return {}
  },
}
