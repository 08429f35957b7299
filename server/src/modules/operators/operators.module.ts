import { installOperatorAuthenticator } from '../../http/routes'
import type { AppModule } from '../module'
import { heldOperatorCookie } from './operator-cookie'
import { createOperatorsRepository } from './operators.repository'
import { registerOperatorsRoutes } from './operators.routes'
import { createOperatorService } from './operators.service'

/**
 * The people running PuriBox (decisions 0069 and 0070): their accounts, their sign-in to the console
 * with a password and a TOTP code, and the console's sessions, from which every operators' route
 * knows its caller. `npm run operator` (`server/src/operator-command.ts`) makes and manages them.
 */
export const operatorsModule: AppModule = {
  name: 'operators',
  register({ app, db, events, clock, context, need }) {
    const operators = createOperatorService({
      repo: createOperatorsRepository(db, events),
      throttle: need('throttle'),
      clock,
    })
    installOperatorAuthenticator(app, async (request) => {
      const cookie = heldOperatorCookie(request, context)
      return cookie ? operators.authenticate(cookie, request.ip) : null
    })
    registerOperatorsRoutes(app, { operators, context })
    return { housekeeping: [{ name: 'operator sessions', run: () => operators.sweep() }] }
  },
}
