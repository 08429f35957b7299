import type { AppModule } from '../module'
import { createAccountDeletionRepository } from './account-deletion.repository'
import { registerAccountDeletionRoutes } from './account-deletion.routes'
import { type AccountDeletionService, createAccountDeletionService } from './account-deletion.service'
import { seedDemoAccounts, seedDemoPayments } from './accounts.demo'
import { createAccountsRepository } from './accounts.repository'
import { registerAccountRoutes } from './accounts.routes'
import { type AccountService, createAccountService } from './accounts.service'

declare module '../module' {
  interface Services {
    accounts: AccountService
    /** Deleting an account, the one way it is done (a member leaving, an operator's console). */
    accountDeletion: AccountDeletionService
  }
}

/**
 * Accounts: the member's status, what other modules do with an account (its owner's service), and
 * deleting an account, in which every module that keeps data about one takes part (its
 * `account.deleted` subscription, decision 0069).
 * Listed early: most modules write an account's columns through it. The services it uses in turn
 * (penalties, auth, payments) come later, and it uses them only when requests come.
 */
export const accountsModule: AppModule = {
  name: 'accounts',
  register({ app, db, clock, context, events, need, needLater }) {
    const repo = createAccountsRepository(db)
    const penalties = needLater('penalties')
    const auth = needLater('auth')
    const payments = needLater('payments')
    const accounts = createAccountService({
      repo,
      penalties: {
        statusOf: (accountId, now) => penalties().statusOf(accountId, now),
        reasonsOf: (accountId) => penalties().reasonsOf(accountId),
      },
      events,
    })
    registerAccountRoutes(app, { accounts })
    const fileDeletions = need('fileDeletions')
    const deletion = createAccountDeletionService({
      repo: createAccountDeletionRepository(db, {
        accounts: repo,
        events,
        files: fileDeletions,
      }),
      accounts: repo,
      auth: {
        reauthenticate: (account, password, caller, now) =>
          auth().reauthenticate(account, password, caller, now),
      },
      fileDeletions,
      isPaying: (accountId) => payments().isPaying(accountId),
    })
    registerAccountDeletionRoutes(app, { deletion, context })
    const policies = need('policies')
    return {
      provides: { accounts, accountDeletion: deletion },
      demo: async () => {
        await seedDemoAccounts({ accounts, policies }, db, clock.now())
        await seedDemoPayments(app, accounts, clock.now())
      },
    }
  },
}
