import type { AppModule } from '../module'
import { registerSavingRoutes } from './saving.routes'
import { createSavingService } from './saving.service'

export const savingModule: AppModule = {
  name: 'saving',
  register({ app, repos, config, need }) {
    registerSavingRoutes(app, {
      saving: createSavingService({
        repo: repos.saving,
        seals: need('seals'),
        maxOwners: config.sealMaxOwners,
      }),
    })
    return { accountDeleted: repos.saving.accountDeleted }
  },
}
