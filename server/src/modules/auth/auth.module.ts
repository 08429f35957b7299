import type { AppModule } from '../module'
import { sweepAuthLeftovers } from './auth.housekeeping'
import { registerAuthRoutes } from './auth.routes'
import { type AuthService, createAuthService } from './auth.service'

declare module '../module' {
  interface Services {
    auth: AuthService
  }
}

/** Signing in and up by mail address and password, and the mails that go with it. */
export const authModule: AppModule = {
  name: 'auth',
  register({ app, db, repos, mailer, config, clock, context }) {
    const auth = createAuthService({
      repo: repos.auth,
      throttle: repos.throttle,
      mailer,
      publicUrl: config.publicUrl,
    })
    registerAuthRoutes(app, { auth, context })
    return {
      provides: { auth },
      accountDeleted: auth.accountDeleted,
      housekeeping: [
        { name: 'auth leftovers', run: () => sweepAuthLeftovers(db, repos.throttle, clock.now()) },
      ],
    }
  },
}
