import { createIdentityVerifier } from '../../ports/identity-verifier'
import type { AppModule } from '../module'
import { seedDemoAuditions } from './auditions.demo'
import { registerAuditionsRoutes } from './auditions.routes'
import { createAuditionsService } from './auditions.service'

/**
 * Auditions and the identity check at the external verifier (decision 0049); demo auditions
 * outside production. Listed after the profile (the birthday its age rules read).
 */
export const auditionsModule: AppModule = {
  name: 'auditions',
  register({ app, config, repos, clock, fetch }) {
    const auditions = createAuditionsService({
      repo: repos.auditions,
      profiles: repos.profile,
      verifier: createIdentityVerifier({ ...config.verifier, ...(fetch ? { fetch } : {}) }),
      publicUrl: config.publicUrl,
      realNow: () => clock.now(),
      onVerifierError: (error) => app.log.warn({ err: error }, 'the identity verifier failed'),
    })
    registerAuditionsRoutes(app, { auditions })
    return {
      accountDeleted: repos.auditions.accountDeleted,
      demo: () => seedDemoAuditions(repos.auditions, clock.now()),
    }
  },
}
