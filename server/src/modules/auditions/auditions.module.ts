import { createIdentityVerifier } from '../../ports/identity-verifier'
import type { AppModule } from '../module'
import { seedDemoAuditions } from './auditions.demo'
import { createAuditionsRepository } from './auditions.repository'
import { registerAuditionsRoutes } from './auditions.routes'
import { createAuditionsService } from './auditions.service'
import { createAuditionsAdminRepository } from './auditions-admin.repository'
import { registerAuditionsAdminRoutes } from './auditions-admin.routes'
import { createAuditionsAdminService } from './auditions-admin.service'
import { consentThrottleKeys, createGuardianConsentsService } from './guardian-consents.service'

/**
 * Auditions and the identity check at the external verifier (decision 0049), a minor's guardian
 * consent and what is sent to the organiser (decision 0060); operators write, change and close
 * auditions in the console (decision 0080); demo auditions outside production, written once (an
 * operator's change to one stays). Listed after the profile (the birthday its age rules read).
 */
export const auditionsModule: AppModule = {
  name: 'auditions',
  register({ app, db, config, clock, fetch, mailer, need, events }) {
    const realNow = () => clock.now()
    const repo = createAuditionsRepository(db)
    const accounts = need('accounts')
    const profiles = need('profiles')
    const throttle = need('throttle')
    const auditions = createAuditionsService({
      repo,
      profiles,
      verifier: createIdentityVerifier({ ...config.verifier, ...(fetch ? { fetch } : {}) }),
      publicUrl: config.publicUrl,
      realNow,
      onVerifierError: (error) => app.log.warn({ err: error }, 'the identity verifier failed'),
    })
    const consents = createGuardianConsentsService({
      repo,
      profiles,
      accounts: {
        mailAddressOf: async (accountId) => (await accounts.findById(accountId))?.mailAddress ?? null,
      },
      throttle,
      mailer,
      publicUrl: config.publicUrl,
      realNow,
    })
    registerAuditionsRoutes(app, { auditions, consents })
    registerAuditionsAdminRoutes(app, {
      admin: createAuditionsAdminService({ repo: createAuditionsAdminRepository(db, events), clock }),
    })
    events.on('account.deleted', 'auditions', async (tx, event) => {
      await repo.accountDeleted(tx, event)
      await throttle.forget([consentThrottleKeys.account(event.payload.accountId)], tx)
    })
    return {
      housekeeping: [{ name: 'unagreed guardian consents', run: () => consents.sweep() }],
      demo: () => seedDemoAuditions(repo, clock.now()),
    }
  },
}
