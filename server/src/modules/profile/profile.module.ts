import type { AppModule } from '../module'
import { seedDemoProfiles } from './profile.demo'
import { createProfileRepository, type ProfileRepository } from './profile.repository'
import { registerProfileRoutes } from './profile.routes'
import { createProfileService } from './profile.service'

declare module '../module' {
  interface Services {
    /** A member's profile as stored: the birthday the ads' and the auditions' age rules read. */
    profiles: Pick<ProfileRepository, 'find'>
  }
}

export const profileModule: AppModule = {
  name: 'profile',
  register({ app, db, storage, images, need, events }) {
    const fileDeletions = need('fileDeletions')
    const repo = createProfileRepository(db, { files: fileDeletions })
    const accounts = need('accounts')
    registerProfileRoutes(app, {
      profile: createProfileService({
        repo,
        accounts,
        storage,
        images,
        fileDeletions,
      }),
    })
    events.on('account.deleted', 'profile', repo.accountDeleted)
    return {
      provides: { profiles: { find: repo.find } },
      // The demo members' nicknames and pictures (the accounts' demo ran before).
      demo: () => seedDemoProfiles(app, { accounts, profiles: repo, images }),
    }
  },
}
