import type { AppModule } from '../module'
import { createMembersRepository } from './members.repository'
import { registerMembersRoutes } from './members.routes'
import { createMembersService } from './members.service'

/**
 * The console's Members area: finding a member and their page, read from the tables of the modules
 * that keep each part (it has no table of its own), and support's actions on them through the
 * owning modules' services (penalties, sessions, the account deletion), which emit the events the
 * audit log records.
 */
export const membersModule: AppModule = {
  name: 'members',
  register({ app, db, clock, need }) {
    const payments = need('payments')
    registerMembersRoutes(app, {
      members: createMembersService({
        repo: createMembersRepository(db),
        clock,
        penalties: need('penalties'),
        signOut: need('operatorSignOut'),
        deletion: need('accountDeletion'),
        isPaying: (accountId) => payments.isPaying(accountId),
      }),
    })
    return {}
  },
}
