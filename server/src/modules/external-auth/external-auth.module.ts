import { EXTERNAL_AUTH_CALLBACK_PATH } from '@puribox/contract/external-auth'
import { createOidcAuthService } from '../../ports/auth-service'
import type { AppModule } from '../module'
import { sweepExternalAuthFlows } from './external-auth.housekeeping'
import { createExternalAuthRepository } from './external-auth.repository'
import { registerExternalAuthRoutes } from './external-auth.routes'
import { createExternalAuthService } from './external-auth.service'

/** Signing in with LINE, X or a carrier, through the outside auth service (OpenID Connect). */
export const externalAuthModule: AppModule = {
  name: 'external-auth',
  register({ app, db, config, clock, fetch, context, need, events }) {
    // The policies agreed on the page that starts a registration come along with the flow, and are
    // recorded in the transaction that makes the account.
    const policies = need('policies')
    const penalties = need('penalties')
    const repo = createExternalAuthRepository(db, need('accounts'), policies)
    registerExternalAuthRoutes(app, {
      externalAuth: createExternalAuthService({
        repo,
        throttle: need('throttle'),
        policies,
        suspensionReason: async (accountId) => (await penalties.reasonsOf(accountId)).sns,
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
    events.on('account.deleted', 'external-auth', repo.accountDeleted)
    return {
      housekeeping: [{ name: 'external sign-in flows', run: () => sweepExternalAuthFlows(db, clock.now()) }],
    }
  },
}
