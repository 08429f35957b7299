import type { AppModule } from '../module'
import { registerSessionsRoutes } from './sessions.routes'

/**
 * Sessions. The session service itself belongs to the app's request context (`buildApp` builds it
 * before any module, since every route reads the caller from it); the module's part is its rows,
 * and the member's list of their sessions with signing out everywhere.
 */
export const sessionsModule: AppModule = {
  name: 'sessions',
  register({ app, context, events }) {
    registerSessionsRoutes(app, { context })
    // An account deleted: every session of it ends.
    events.on('account.deleted', 'sessions', (tx, event) =>
      context.sessions.endAllOf(event.payload.accountId, tx),
    )
    return {}
  },
}
