import type { AppModule } from '../module'
import { createAccountDeletionRepository } from './account-deletion.repository'
import { registerAccountDeletionRoutes } from './account-deletion.routes'
import { createAccountDeletionService } from './account-deletion.service'
import { seedDemoAccounts, seedDemoPayments } from './accounts.demo'
import { registerAccountRoutes } from './accounts.routes'
import { type AccountService, createAccountService } from './accounts.service'

declare module '../module' {
  interface Services {
    accounts: AccountService
  }
}

/**
 * Accounts: the member's status, and deleting an account, in which every module takes part
 * (`kit.accountDeletedHooks`, decision 0021).
 */
export const accountsModule: AppModule = {
  name: 'accounts',
  register({ app, db, repos, clock, context, need, accountDeletedHooks }) {
    const accounts = createAccountService({ repo: repos.accounts, penalties: need('penalties') })
    registerAccountRoutes(app, { accounts })
    const payments = need('payments')
    registerAccountDeletionRoutes(app, {
      deletion: createAccountDeletionService({
        repo: createAccountDeletionRepository(db, { accounts: repos.accounts, hooks: accountDeletedHooks }),
        accounts: repos.accounts,
        auth: need('auth'),
        fileDeletions: need('fileDeletions'),
        isPaying: (accountId) => payments.isPaying(accountId),
      }),
      context,
    })
    return {
      provides: { accounts },
      demo: async () => {
        await seedDemoAccounts(repos, db, clock.now())
        await seedDemoPayments(app)
      },
    }
  },
}
