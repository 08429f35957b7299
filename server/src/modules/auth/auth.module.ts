import type { AppModule } from '../module'
import { registerAfterSignInRoutes } from './after-sign-in.routes'
import { sweepAuthLeftovers } from './auth.housekeeping'
import { createAuthRepository } from './auth.repository'
import { registerAuthRoutes } from './auth.routes'
import { type AuthService, createAuthService } from './auth.service'
import { createPasswordResetRepository } from './password-reset.repository'
import { registerPasswordResetRoutes } from './password-reset.routes'
import { createPasswordResetService } from './password-reset.service'

declare module '../module' {
  interface Services {
    auth: AuthService
  }
}

/** Signing in and up by mail address and password, resetting a forgotten password, and the mails that go with them. */
export const authModule: AppModule = {
  name: 'auth',
  register({ app, db, mailer, config, clock, context, need, events }) {
    const accounts = need('accounts')
    // A registration may agree to the policies on its last step, before the account exists: the
    // agreement is recorded in the transaction that makes the account.
    const policies = need('policies')
    const throttle = need('throttle')
    const penalties = need('penalties')
    const auth = createAuthService({
      repo: createAuthRepository(db, accounts, policies),
      throttle,
      mailer,
      policies,
      publicUrl: config.publicUrl,
      suspensionReason: async (accountId) => (await penalties.reasonsOf(accountId)).sns,
    })
    const resets = createPasswordResetService({
      // A reset sets the password and ends every session of the account in one transaction.
      repo: createPasswordResetRepository(db, { accounts, sessions: context.sessions }),
      throttle,
      mailer,
      publicUrl: config.publicUrl,
      onNoticeFailed: (error) => app.log.error({ err: error }, 'the "password changed" mail was not sent'),
    })
    registerAuthRoutes(app, { auth, context })
    registerPasswordResetRoutes(app, { resets, auth, context })
    // Every sign-in ends here; members who have not agreed to the latest policies go to agree first.
    registerAfterSignInRoutes(app, { policies, context })
    events.on('account.deleted', 'auth', async (tx, event) => {
      await resets.accountDeleted(tx, event)
      await auth.accountDeleted(tx, event)
    })
    return {
      provides: { auth },
      housekeeping: [{ name: 'auth leftovers', run: () => sweepAuthLeftovers(db, throttle, clock.now()) }],
    }
  },
}
