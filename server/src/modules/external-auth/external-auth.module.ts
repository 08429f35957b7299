import { EXTERNAL_AUTH_CALLBACK_PATH } from '@puribox/contract/external-auth'
import { createOidcAuthService } from '../../ports/auth-service'
import type { AppModule } from '../module'
import { sweepExternalAuthFlows } from './external-auth.housekeeping'
import { registerExternalAuthRoutes } from './external-auth.routes'
import { createExternalAuthService } from './external-auth.service'

/** Signing in with LINE, X or a carrier, through the outside auth service (OpenID Connect). */
export const externalAuthModule: AppModule = {
  name: 'external-auth',
  register({ app, db, repos, config, clock, fetch, context, need }) {
    registerExternalAuthRoutes(app, {
      externalAuth: createExternalAuthService({
        repo: repos.externalAuth,
        throttle: repos.throttle,
        // The policies agreed on the page that starts a registration come along with the flow.
        policies: need('policies'),
        authService: createOidcAuthService({
          issuerUrl: config.authIssuerUrl,
          clientId: config.authClientId,
          clientSecret: config.authClientSecret,
          redirectUri: `${config.publicUrl}${EXTERNAL_AUTH_CALLBACK_PATH}`,
          ...(fetch ? { fetch } : {}),
        }),
      }),
      context,
    })
    return {
      accountDeleted: repos.externalAuth.accountDeleted,
      housekeeping: [{ name: 'external sign-in flows', run: () => sweepExternalAuthFlows(db, clock.now()) }],
    }
  },
}
