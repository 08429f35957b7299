import { createDnsMailDomains, createSandboxMailDomains } from '../../ports/mail-domains'
import type { AppModule } from '../module'
import { createInquiriesRepository } from './inquiries.repository'
import { registerInquiriesRoutes } from './inquiries.routes'
import { createInquiriesService } from './inquiries.service'
import { createInquiriesAdminRepository } from './inquiries-admin.repository'
import { registerInquiriesAdminRoutes } from './inquiries-admin.routes'
import { createInquiriesAdminService } from './inquiries-admin.service'

/**
 * Inquiries to support (decision 0046): the form's checks and sending an inquiry once, and support's
 * inbox in the console (decision 0073). Mail domains are asked of the DNS in production; elsewhere
 * the sandbox answers (no network needed).
 */
export const inquiriesModule: AppModule = {
  name: 'inquiries',
  register({ app, db, mailer, config, need, events, clock }) {
    const accounts = need('accounts')
    const sealStore = need('sealStore')
    const repo = createInquiriesRepository(db)
    const inquiries = createInquiriesService({
      repo,
      throttle: need('throttle'),
      mailer,
      mailDomains: config.production ? createDnsMailDomains() : createSandboxMailDomains(),
      seals: {
        async puriNumbers(sealId) {
          const seal = await sealStore.findSealSet(sealId)
          return seal ? seal.puris.filter((puri) => !puri.isProofSample).map((puri) => puri.number) : null
        },
      },
      accounts: {
        async provedMailAddress(accountId) {
          // An account's address is written only once its code was entered (registration, adding
          // or changing it), so the one on the account is proved.
          return (await accounts.findById(accountId))?.mailAddress ?? null
        },
      },
      log: app.log,
    })
    registerInquiriesRoutes(app, { inquiries })
    const admin = createInquiriesAdminService({
      repo: createInquiriesAdminRepository(db, events),
      clock,
      mailer,
      publicUrl: config.publicUrl,
      log: app.log,
    })
    registerInquiriesAdminRoutes(app, { admin })
    events.on('account.deleted', 'inquiries', repo.accountDeleted)
    return {}
  },
}
