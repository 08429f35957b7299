import type { AppModule } from '../module'
import { sweepAuthLeftovers } from './auth.housekeeping'
import { registerAuthRoutes } from './auth.routes'
import { type AuthService, createAuthService } from './auth.service'
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
  register({ app, db, repos, mailer, config, clock, context, need }) {
    const auth = createAuthService({
      repo: repos.auth,
      throttle: repos.throttle,
      mailer,
      // A registration may agree to the policies on its last step, before the account exists.
      policies: need('policies'),
      publicUrl: config.publicUrl,
    })
    const resets = createPasswordResetService({
      repo: repos.passwordResets,
      throttle: repos.throttle,
      mailer,
      publicUrl: config.publicUrl,
      onNoticeFailed: (error) => app.log.error({ err: error }, 'the "password changed" mail was not sent'),
    })
    registerAuthRoutes(app, { auth, context })
    registerPasswordResetRoutes(app, { resets, auth, context })
    return {
      provides: { auth },
      accountDeleted: async (tx, event) => {
        await resets.accountDeleted(tx, event)
        return auth.accountDeleted(tx, event)
      },
      housekeeping: [
        { name: 'auth leftovers', run: () => sweepAuthLeftovers(db, repos.throttle, clock.now()) },
      ],
    }
  },
}
