import type { AppModule } from '../module'
import { registerProfileRoutes } from './profile.routes'
import { createProfileService } from './profile.service'

export const profileModule: AppModule = {
  name: 'profile',
  register({ app, repos, storage, images, need }) {
    registerProfileRoutes(app, {
      profile: createProfileService({
        repo: repos.profile,
        accounts: need('accounts'),
        storage,
        images,
        fileDeletions: need('fileDeletions'),
      }),
    })
    return { accountDeleted: repos.profile.accountDeleted }
  },
}
